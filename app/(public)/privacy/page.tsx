import type { Metadata } from "next";
import Link from "next/link";
import { ContactLinks } from "@/components/school-contact";
import { privacyDetails, schoolContacts } from "@/lib/school";
import { SITE_NAME, SITE_URL } from "@/lib/site";
import { PRIVACY_POLICY_VERSION } from "@/lib/validation/auth";

export const metadata: Metadata = { title: "Политика обработки персональных данных" };
export const dynamic = "force-static";

/**
 * A policy under Federal Law 152-FZ «О персональных данных». The operator's details come from
 * configuration (lib/school.ts, docs/deployment.md, «The school's details», read at build time: the page is
 * static); the owner bumps PRIVACY_POLICY_VERSION whenever they or the text change.
 */
export default function PrivacyPage() {
  const details = privacyDetails();
  const contacts = schoolContacts();
  const email = details.email && (
    <a href={`mailto:${details.email}`} className="text-primary underline-offset-4 hover:underline">
      {details.email}
    </a>
  );
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10 leading-relaxed sm:px-6">
      <Link href="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← На главную
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Политика обработки персональных данных</h1>
      <p className="text-sm text-muted-foreground">Редакция от {PRIVACY_POLICY_VERSION}</p>

      <h2 className="mt-4 text-xl font-semibold">1. Кто обрабатывает данные</h2>
      <p>
        Оператор персональных данных — {details.operator ? `${details.operator}, владелец` : "владелец"} сайта {SITE_NAME} ({SITE_URL})
        (далее — Оператор).{" "}
        {email ? (
          <>Связаться с Оператором: {email}.</>
        ) : contacts.length > 0 ? (
          <>
            Связаться с Оператором: <ContactLinks contacts={contacts} />.
          </>
        ) : null}
      </p>

      <h2 className="mt-4 text-xl font-semibold">2. Какие данные мы обрабатываем</h2>
      <p>
        Имя, адрес электронной почты, пароль (хранится только в виде хеша), сведения о доступе к урокам и
        прохождении курса, технические данные (IP-адрес, cookie сессии), дата и версия данного согласия.
      </p>

      <h2 className="mt-4 text-xl font-semibold">3. Зачем</h2>
      <p>
        Регистрация и вход в личный кабинет, предоставление доступа к материалам курса, восстановление пароля,
        ответы на обращения, защита от злоупотреблений.
      </p>

      <h2 className="mt-4 text-xl font-semibold">4. Основание и сроки</h2>
      <p>
        Данные обрабатываются на основании согласия субъекта (ст. 6 и 9 Федерального закона от 27.07.2006
        № 152-ФЗ «О персональных данных») до достижения целей обработки или отзыва согласия, но не дольше{" "}
        {details.retention} после удаления аккаунта.
      </p>

      <h2 className="mt-4 text-xl font-semibold">5. Где хранятся данные и кому передаются</h2>
      <p>
        Данные хранятся на серверах {details.hosting}. Оператор не передаёт данные третьим лицам, кроме случаев,
        предусмотренных законом, и {details.processors}.
      </p>

      <h2 className="mt-4 text-xl font-semibold">6. Ваши права</h2>
      <p>
        Вы можете запросить сведения об обработке ваших данных, потребовать их уточнения или удаления и отозвать
        согласие, {email ? <>написав Оператору на {email}</> : "обратившись к Оператору"}. Ответ — в течение 10 рабочих дней.
      </p>

      <h2 className="mt-4 text-xl font-semibold">7. Безопасность</h2>
      <p>
        Доступ к данным ограничен правами в базе данных; соединение с сайтом шифруется; пароли не хранятся в
        открытом виде.
      </p>
    </main>
  );
}
