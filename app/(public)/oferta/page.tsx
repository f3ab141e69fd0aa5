import type { Metadata } from "next";
import Link from "next/link";
import { privacyDetails } from "@/lib/school";
import { SITE_NAME, SITE_URL } from "@/lib/site";
import { OFFER_TERMS_VERSION } from "@/lib/validation/checkout";

export const metadata: Metadata = { title: "Договор-оферта" };
export const dynamic = "force-static";

/**
 * The public offer a buyer accepts at checkout (its version is recorded with the order). The
 * seller's details come from configuration (lib/school.ts, docs/deployment.md), as on /privacy;
 * the owner bumps OFFER_TERMS_VERSION whenever they or the text change.
 */
export default function OfferAgreementPage() {
  const details = privacyDetails();
  const seller = details.operator ? `${details.operator}, владелец` : "владелец";
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10 leading-relaxed sm:px-6">
      <Link href="/courses" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← К курсам
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Договор-оферта</h1>
      <p className="text-sm text-muted-foreground">Редакция от {OFFER_TERMS_VERSION}</p>

      <h2 className="mt-4 text-xl font-semibold">1. Стороны и предмет</h2>
      <p>
        Исполнитель — {seller} сайта {SITE_NAME} ({SITE_URL}). Заказчик — человек, оплативший курс на сайте. Исполнитель открывает
        Заказчику доступ к материалам выбранного курса на сайте: урокам, заданиям и проверке заданий кураторами, в объёме, указанном на
        странице курса.
      </p>
      <h2 className="mt-4 text-xl font-semibold">2. Заключение договора</h2>
      <p>
        Договор заключается, когда Заказчик отмечает согласие с этой офертой при оформлении заказа и оплачивает его (статьи 435 и 438
        Гражданского кодекса РФ). Редакция оферты, которую принял Заказчик, сохраняется вместе с заказом.
      </p>
      <h2 className="mt-4 text-xl font-semibold">3. Цена и оплата</h2>
      <p>
        Цена курса указана на его странице в рублях. Оплата принимается через платёжный сервис ЮKassa; кассовый чек по 54-ФЗ приходит на
        адрес e-mail Заказчика. Промокод уменьшает цену, если действует для этого курса на момент заказа.
      </p>
      <h2 className="mt-4 text-xl font-semibold">4. Доступ к курсу</h2>
      <p>
        Доступ открывается сразу после того, как платёжный сервис подтвердит оплату, на срок, указанный на странице курса, а если срок не
        указан — на время потока.
      </p>
      <h2 className="mt-4 text-xl font-semibold">5. Возврат</h2>
      <p>
        Заказчик может отказаться от курса и вернуть деньги за ту часть, которой ещё не воспользовался (статья 32 Закона «О защите прав
        потребителей»), написав Исполнителю. Деньги возвращаются тем же способом, которым был оплачен заказ; после полного возврата доступ
        к курсу закрывается.
      </p>
      <h2 className="mt-4 text-xl font-semibold">6. Контакты</h2>
      <p>
        Вопросы по заказу и возврату — {details.email ? <a href={`mailto:${details.email}`} className="text-primary underline-offset-4 hover:underline">{details.email}</a> : "через контакты на сайте"}.
      </p>
    </main>
  );
}
