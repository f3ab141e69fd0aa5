"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/client-loading/confirm-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { deleteOffer } from "../actions";
import { report, UNREACHABLE } from "./offer-result";

/** Removes an offer nobody ordered; the server refuses one with orders (take it off sale instead). */
export function DeleteOfferButton({ offer }: { offer: { id: string; title: string } }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  return (
    <>
      {/* Its own form's submit: a press before the page's script is held by React and asks once it hydrates. */}
      <form action={() => setOpen(true)}>
        <SubmitButton variant="outline" className="text-destructive" aria-haspopup="dialog" aria-expanded={open}>
          <Trash2 aria-hidden />
          Удалить
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Удалить «${offer.title}»?`}
        description="Страница курса исчезнет из каталога. Предложение с заказами удалить нельзя — снимите его с продажи."
        confirmLabel="Удалить"
        destructive
        stayOpen
        busy={pending}
        onConfirm={() =>
          startTransition(async () => {
            const result = report(await deleteOffer(offer.id).catch(() => UNREACHABLE));
            if (result.ok) router.push("/admin/offers");
            else setOpen(false);
          })
        }
      />
    </>
  );
}
