"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "@/components/client-loading/toast";
import { toastFirstInvalid, toastRefusal } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { zodFormResolver } from "@/lib/validation/form-resolver";
import { PASSWORD_NATIVE_MIN } from "@/lib/validation/limits";
import type { SignUpInput } from "@/lib/validation/auth";
import { requestPasswordReset, signIn, signInWithoutScript, signUp } from "../actions";

type Mode = "signIn" | "signUp" | "recovery";

interface Fields {
  fullName: string;
  email: string;
  password: string;
  privacyConsent: boolean;
}

const FIELD_ORDER: (keyof Fields)[] = ["fullName", "email", "password", "privacyConsent"];
/** zod arrives with the first focus or submit, not with the landing page (its largest script). */
const loadSchemas = () =>
  import("@/lib/validation/auth").then(({ signInSchema, signUpSchema, recoverySchema }) => ({
    signIn: signInSchema,
    signUp: signUpSchema,
    recovery: recoverySchema,
  }));
/** The form's toasts share one id: a success replaces the error it resolves. */
const AUTH_TOAST = "auth-form";
const FIRST_FIELD: Record<Mode, keyof Fields> = { signIn: "email", signUp: "fullName", recovery: "email" };

const COPY: Record<Mode, { title: string; description: string; submit: string }> = {
  signIn: { title: "Вход", description: "Войдите, чтобы продолжить обучение", submit: "Войти" },
  signUp: { title: "Регистрация", description: "Создайте аккаунт и выберите свой трек", submit: "Зарегистрироваться" },
  recovery: {
    title: "Восстановление пароля",
    description: "Пришлём ссылку и код для смены пароля на вашу почту",
    submit: "Отправить ссылку",
  },
};

export function AuthForm() {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("signIn");
  const [recoverySentTo, setRecoverySentTo] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const modeChanged = useRef(false);
  // The resolver follows the current mode, so one form keeps the email between modes.
  const { register, handleSubmit, setValue, setFocus, clearErrors, formState } = useForm<Fields>({
    resolver: async (values, context, options) => zodFormResolver<Fields>((await loadSchemas())[mode])(values, context, options),
    defaultValues: { fullName: "", email: "", password: "", privacyConsent: false },
    // Its own focus follows the order fields registered in (Имя mounts after Email): ours, FIELD_ORDER.
    shouldFocusError: false,
  });
  const { errors } = formState;

  // Keyboard and screen-reader users land on the new mode's first field, not on a vanished link.
  useEffect(() => {
    if (modeChanged.current) setFocus(FIRST_FIELD[mode]);
    modeChanged.current = true;
  }, [mode, setFocus]);

  const switchMode = (next: Mode) => {
    clearErrors();
    setMode(next);
  };

  const onInvalid = toastFirstInvalid<Fields>(FIELD_ORDER, { focus: (field) => setFocus(field), toastId: AUTH_TOAST });

  const onValid = (values: Fields) =>
    startTransition(async () => {
      if (mode === "recovery") {
        const result = await requestPasswordReset({ email: values.email });
        if (!result.ok) return toastRefusal(result, AUTH_TOAST);
        toast.success("Письмо отправлено", { id: AUTH_TOAST, description: "Проверьте свою почту для восстановления пароля" });
        setRecoverySentTo(values.email.trim());
        switchMode("signIn");
        return;
      }
      if (mode === "signUp") {
        const result = await signUp(values as SignUpInput);
        if (!result.ok) return toastRefusal(result, AUTH_TOAST);
        if (result.data.needsConfirmation) {
          toast.success("Регистрация успешна", {
            id: AUTH_TOAST,
            description: "Подтвердите email: мы отправили письмо со ссылкой на вашу почту",
          });
          switchMode("signIn");
          return;
        }
        toast.success("Регистрация успешна", {
          id: AUTH_TOAST,
          description: "Добро пожаловать! Подтвердите адрес по ссылке из письма: до тех пор письма школы и Telegram ждут (подробнее в «Настройках»)",
        });
        router.replace("/dashboard");
        return;
      }
      const result = await signIn({ email: values.email, password: values.password });
      if (!result.ok) return toastRefusal(result, AUTH_TOAST);
      toast.success("Вход выполнен", { id: AUTH_TOAST, description: "Добро пожаловать!" });
      router.replace("/dashboard");
    });

  const copy = COPY[mode];
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="text-2xl">
          <h2>{copy.title}</h2>
        </CardTitle>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* noValidate: the browser's own bubbles would speak the browser's language; ours are Russian.
            `action`: before this script arrives, a press or Enter posts the sign-in to the server;
            once it is here, onSubmit handles every mode and the action is never called. */}
        <form
          action={signInWithoutScript}
          onFocus={() => void loadSchemas()}
          onSubmit={handleSubmit(onValid, onInvalid)}
          className="flex flex-col gap-4"
          aria-label={copy.title}
          noValidate
        >
          {mode === "signUp" && (
            <FormField id="fullName" label="Имя" error={errors.fullName?.message}>
              <Input autoComplete="name" required placeholder="Иван Петров" {...register("fullName")} />
            </FormField>
          )}
          <FormField id="email" label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              placeholder="you@example.com"
              {...register("email")}
            />
          </FormField>
          {mode !== "recovery" && (
            <FormField
              id="password"
              label="Пароль"
              error={errors.password?.message}
              aside={
                mode === "signIn" && (
                  <Button type="button" variant="link" size="inline" className="text-sm" onClick={() => switchMode("recovery")}>
                    Забыли пароль?
                  </Button>
                )
              }
            >
              <Input
                type="password"
                autoComplete={mode === "signUp" ? "new-password" : "current-password"}
                required
                minLength={PASSWORD_NATIVE_MIN}
                {...register("password")}
              />
            </FormField>
          )}
          {mode === "signUp" && <PrivacyConsent error={errors.privacyConsent?.message} register={register} />}
          <SubmitButton size="lg" pending={pending} worksWithoutScript>
            {copy.submit}
          </SubmitButton>
        </form>
        {mode === "signIn" && recoverySentTo && (
          <p className="mt-4 text-center text-sm text-muted-foreground">
            В письме есть и код из цифр:{" "}
            <a className="font-medium text-primary underline-offset-4 hover:underline" href={`/auth/code?email=${encodeURIComponent(recoverySentTo)}`}>
              ввести код
            </a>
          </p>
        )}
        <div className="mt-4 text-center text-sm text-muted-foreground">
          {mode === "signIn" && (
            <>
              Нет аккаунта?{" "}
              <Button variant="link" size="inline" className="text-sm" onClick={() => switchMode("signUp")}>
                Зарегистрироваться
              </Button>
            </>
          )}
          {mode === "signUp" && (
            <>
              Уже есть аккаунт?{" "}
              <Button variant="link" size="inline" className="text-sm" onClick={() => switchMode("signIn")}>
                Войти
              </Button>
            </>
          )}
          {mode === "recovery" && (
            <Button
              variant="link"
              size="inline"
              className="text-sm"
              onClick={() => {
                setValue("email", "");
                switchMode("signIn");
              }}
            >
              Назад ко входу
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function PrivacyConsent({ error, register }: { error?: string; register: ReturnType<typeof useForm<Fields>>["register"] }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-2 text-sm">
        <input
          id="privacyConsent"
          type="checkbox"
          required
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "privacyConsent-error" : undefined}
          {...register("privacyConsent")}
        />
        <label htmlFor="privacyConsent">
          Я даю согласие на обработку моих персональных данных в соответствии с{" "}
          <a href="/privacy" target="_blank" className="font-medium text-primary underline underline-offset-4">
            политикой обработки персональных данных
          </a>
        </label>
      </div>
      {error && (
        <p id="privacyConsent-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
