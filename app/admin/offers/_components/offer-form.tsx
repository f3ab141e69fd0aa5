"use client";

import { useEffect, useRef, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toastFirstInvalid } from "@/components/form-toasts";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { SwitchRow } from "@/components/forms/switch-row";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { kopecksToRublesInput } from "@/lib/payments/money";
import { offerSchema, slugFromTitle, type OfferForm as OfferValues } from "@/lib/validation/offers";
import { saveOffer } from "../actions";
import { report, UNREACHABLE } from "./offer-result";

// `raw`: the values go to the action as typed (the price as the owner wrote it); the action parses them again.
const offerResolver = zodResolver(offerSchema, undefined, { raw: true });

const FIELDS = ["title", "slug", "price", "group_id", "access_days", "description_md"] as const;

export interface EditedOffer {
  id: string;
  title: string;
  slug: string;
  description_md: string;
  price_kopecks: number;
  group_id: string;
  access_days: number | null;
  is_published: boolean;
}

function publishedHint(checked: boolean, saved: boolean): string {
  if (checked && saved) return "В продаже: курс виден в каталоге. Выключите и сохраните, чтобы снять его с продажи.";
  if (checked) return "Появится в каталоге, когда вы сохраните.";
  if (saved) return "Будет снят с продажи, когда вы сохраните: новые покупки станут невозможны, оплаченные заказы останутся.";
  return "Черновик: в каталоге его нет и купить его нельзя.";
}

/** Creates an offer, or edits one: what is sold, at what price, which group the buyer joins and for how long. */
export function OfferForm({ offer, groups }: { offer?: EditedOffer; groups: { id: string; name: string }[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // A new offer's address follows its title until the owner writes one of their own.
  const slugTyped = useRef(Boolean(offer));
  const form = useForm<OfferValues>({
    resolver: offerResolver,
    defaultValues: {
      id: offer?.id,
      title: offer?.title ?? "",
      slug: offer?.slug ?? "",
      description_md: offer?.description_md ?? "",
      price: offer ? kopecksToRublesInput(offer.price_kopecks) : "",
      group_id: offer?.group_id ?? "",
      access_days: offer?.access_days ? String(offer.access_days) : "",
      is_published: offer?.is_published ?? false,
    },
  });
  const { errors } = form.formState;
  const title = registerField(form, "title");
  const slug = registerField(form, "slug");
  // Typed before the script arrived (the fields took it as they registered; the form reads its values
  // once mounted): an address of the owner's own is kept, else the address follows the title.
  useEffect(() => {
    if (slugTyped.current) return;
    const early = form.getValues();
    if (early.slug) slugTyped.current = true;
    else if (early.title) form.setValue("slug", slugFromTitle(early.title), { shouldDirty: true });
  }, [form]);

  const save = (values: OfferValues) =>
    startTransition(async () => {
      const result = report(await saveOffer(values).catch(() => UNREACHABLE));
      if (!result.ok) {
        for (const field of FIELDS) {
          const message = result.fieldErrors?.[field];
          if (message) form.setError(field, { message }, { shouldFocus: true });
        }
        return;
      }
      if (!offer) router.push(`/admin/offers/${result.data.id}`);
      else router.refresh();
    });

  return (
    <HookForm form={form} onValid={save} onInvalid={toastFirstInvalid([...FIELDS])} className="flex flex-col gap-4">
      <FormField id="title" label="Название курса" error={errors.title?.message}>
        <Input
          autoComplete="off"
          placeholder="No-code: сайт за 7 дней"
          {...title}
          onChange={(event) => {
            void title.onChange(event);
            if (!slugTyped.current) form.setValue("slug", slugFromTitle(event.target.value), { shouldDirty: true });
          }}
        />
      </FormField>
      <FormField id="slug" label="Адрес страницы: /courses/…" error={errors.slug?.message}>
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="no-code-sayt-za-7-dney"
          {...slug}
          onChange={(event) => {
            slugTyped.current = true;
            void slug.onChange(event);
          }}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="price" label="Цена, ₽ (0 — бесплатно)" error={errors.price?.message}>
          <Input autoComplete="off" inputMode="decimal" placeholder="4900 или 4900,50" {...registerField(form, "price")} />
        </FormField>
        <FormField id="access_days" label="Дней доступа (пусто — пока длится поток)" error={errors.access_days?.message}>
          <Input autoComplete="off" inputMode="numeric" placeholder="Пока длится поток" {...registerField(form, "access_days")} />
        </FormField>
      </div>
      <FormField id="group_id" label="Группа, в которую попадёт покупатель" error={errors.group_id?.message}>
        <NativeSelect {...registerField(form, "group_id")}>
          <option value="">Выберите группу</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="description_md" label="Описание (Markdown)" error={errors.description_md?.message}>
        <Textarea tall {...registerField(form, "description_md")} />
      </FormField>
      <Controller
        control={form.control}
        name="is_published"
        render={({ field }) => (
          <SwitchRow
            id="is_published"
            label="Опубликовано"
            hint={publishedHint(field.value, offer?.is_published ?? false)}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <SubmitButton className="self-start" pending={pending}>
        {offer ? "Сохранить" : "Создать предложение"}
      </SubmitButton>
    </HookForm>
  );
}
