import Link from "next/link";
import { Button } from "@/components/ui/button";

/** A work that does not exist, or is not the caller's to review: the two look alike on purpose. */
export default function SubmissionNotFound() {
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Работа не найдена</h1>
      <p className="text-muted-foreground">Возможно, ссылка устарела или это работа студента не из ваших групп.</p>
      <Button asChild>
        <Link href="/admin/reviews">К очереди</Link>
      </Button>
    </main>
  );
}
