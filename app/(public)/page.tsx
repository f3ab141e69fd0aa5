import { Bot, Rocket, Sparkles } from "lucide-react";
import { ArrivalToast } from "@/components/arrival-toast";
import { SITE_DESCRIPTION, SITE_NAME, SITE_URL } from "@/lib/site";
import { AuthForm } from "./_components/auth-form";

// Static: the redirect of a signed-in visitor to /dashboard happens in the proxy.
export const dynamic = "force-static";

const courseJsonLd = {
  "@context": "https://schema.org",
  "@type": "Course",
  name: "Фаундер IT-продукта без программирования",
  description: SITE_DESCRIPTION,
  inLanguage: "ru",
  url: SITE_URL,
  provider: { "@type": "Organization", name: SITE_NAME, sameAs: SITE_URL },
  hasCourseInstance: [
    { "@type": "CourseInstance", courseMode: "online", name: "Product Founder" },
    { "@type": "CourseInstance", courseMode: "online", name: "Tech Founder" },
  ],
};

const FEATURES = [
  { icon: Sparkles, text: "От идеи до первых продаж: проверка гипотез, MVP, автоворонки" },
  { icon: Bot, text: "ИИ и no-code инструменты вместо команды разработчиков" },
  { icon: Rocket, text: "Два трека: Product Founder и Tech Founder" },
];

export default function LandingPage() {
  return (
    <main id="main" className="mx-auto grid min-h-dvh max-w-6xl items-center gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
      <section className="flex flex-col gap-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{SITE_NAME}</p>
        <h1 className="text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
          Станьте фаундером IT-продукта, даже если вы не программист
        </h1>
        <p className="text-lg text-muted-foreground">
          Научим запускать цифровые продукты с помощью ИИ и no-code инструментов: от идеи и прототипа до
          первых клиентов и продаж.
        </p>
        <ul className="flex flex-col gap-3">
          {FEATURES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="flex justify-center lg:justify-end" aria-label="Вход и регистрация">
        <AuthForm />
      </section>
      {/* A deleted account lands here (`?welcome=account-deleted`). */}
      <ArrivalToast />
      <script
        type="application/ld+json"
        // JSON-LD must be raw JSON; the object is ours and contains no user input.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(courseJsonLd).replace(/</g, "\\u003c") }}
      />
    </main>
  );
}
