"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { initialFormState } from "@/lib/actions/form-state";
import { answeredMode, isAuthMode, switchKeepsEmail, type AuthAnswer, type AuthMode } from "@/lib/domain/auth-form";
import { PASSWORD_NATIVE_MIN } from "@/lib/validation/limits";
import { submitAuthForm } from "../actions";

/** The form's toasts share one id: a success replaces the error it resolves. */
const AUTH_TOAST = "auth-form";

const COPY: Record<AuthMode, { title: string; description: string; submit: string }> = {
  signIn: { title: "Вход", description: "Войдите, чтобы продолжить обучение", submit: "Войти" },
  signUp: { title: "Регистрация", description: "Создайте аккаунт и выберите свой трек", submit: "Зарегистрироваться" },
  recovery: {
    title: "Восстановление пароля",
    description: "Пришлём ссылку и код для смены пароля на вашу почту",
    submit: "Отправить ссылку",
  },
};

const SUCCESS_TITLE: Record<AuthMode, string> = { signIn: "Вход выполнен", signUp: "Регистрация успешна", recovery: "Письмо отправлено" };

/**
 * The landing's form: a real form posted to `submitAuthForm`. Before its script arrives the browser
 * posts it (a mode switch too, with what was typed), and the page comes back with the answer; after,
 * React posts it and switches modes in place. Its fields are the browser's own (uncontrolled), so
 * hydration never touches what was typed, where the focus is or what was pressed. The server checks
 * every rule; the answer's field errors show under the fields and in the toast.
 */
export function AuthForm({ next }: { /** Where to continue after signing in or up (a course's checkout); else /dashboard. */ next?: string } = {}) {
  const [state, formAction] = useSafeActionState(submitAuthForm, initialFormState<AuthAnswer>(), { toastId: AUTH_TOAST });
  const [mode, setMode] = useState<AuthMode>(() => answeredMode(state));
  const [answered, setAnswered] = useState(state.answered);
  const email = useRef<HTMLInputElement>(null);
  if (answered !== state.answered) {
    setAnswered(state.answered);
    setMode(answeredMode(state));
  }
  // An answer's errors belong to the mode it was posted in.
  const errors = state.result && !state.result.ok && state.fields.mode === mode ? (state.result.fieldErrors ?? {}) : {};
  const recoverySentTo = mode === "signIn" && state.result?.ok ? state.result.data.recoverySentTo : undefined;

  useActionToast(state, isAuthMode(state.fields.mode) ? SUCCESS_TITLE[state.fields.mode] : undefined, AUTH_TOAST);

  /** A switch after the script: in place, with the focus on the new mode's first field (the press asked for it). */
  const switchTo = (next: AuthMode) => (event: React.MouseEvent) => {
    event.preventDefault();
    flushSync(() => setMode(next));
    if (!switchKeepsEmail(mode, next) && email.current) email.current.value = "";
    document.getElementById(next === "signUp" ? "fullName" : "email")?.focus();
  };

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
        {/* noValidate: the browser's own bubbles would speak the browser's language; ours are Russian. */}
        <form action={formAction} onReset={keepTyped} className="flex flex-col gap-4" aria-label={copy.title} noValidate>
          <input type="hidden" name="mode" value={mode} />
          {next && <input type="hidden" name="next" value={next} />}
          {mode === "signUp" && (
            <FormField id="fullName" label="Имя" error={errors.fullName}>
              <Input name="fullName" autoComplete="name" required placeholder="Иван Петров" defaultValue={state.fields.fullName} />
            </FormField>
          )}
          <FormField id="email" label="E-mail" error={errors.email}>
            <Input
              ref={email}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              placeholder="you@example.com"
              defaultValue={state.fields.email}
            />
          </FormField>
          {mode !== "recovery" && (
            <FormField id="password" label="Пароль" error={errors.password}>
              <Input
                name="password"
                type="password"
                autoComplete={mode === "signUp" ? "new-password" : "current-password"}
                required
                minLength={PASSWORD_NATIVE_MIN}
              />
            </FormField>
          )}
          {mode === "signUp" && <PrivacyConsent error={errors.privacyConsent} />}
          <SubmitButton size="lg">{copy.submit}</SubmitButton>
          {/* The mode switches are submit buttons after it: Enter in a field presses a form's first one, which
              must be «Войти», not «Забыли пароль?». Before the script, a switch posts what was typed. */}
          <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
            {mode === "signIn" && (
              <Button type="submit" name="switchTo" value="recovery" variant="link" size="inline" className="text-sm" onClick={switchTo("recovery")}>
                Забыли пароль?
              </Button>
            )}
            <p>
              {mode === "signIn" && "Нет аккаунта? "}
              {mode === "signUp" && "Уже есть аккаунт? "}
              {/* One button in one place for every mode: a switch keeps the keyboard focus on it. */}
              <Button
                type="submit"
                name="switchTo"
                value={mode === "signIn" ? "signUp" : "signIn"}
                variant="link"
                size="inline"
                className="text-sm"
                onClick={switchTo(mode === "signIn" ? "signUp" : "signIn")}
              >
                {mode === "signIn" ? "Зарегистрироваться" : mode === "signUp" ? "Войти" : "Назад ко входу"}
              </Button>
            </p>
          </div>
        </form>
        {recoverySentTo && (
          <p className="mt-4 text-center text-sm text-muted-foreground">
            В письме есть и код из цифр:{" "}
            <a className="font-medium text-primary underline-offset-4 hover:underline" href={`/auth/code?email=${encodeURIComponent(recoverySentTo)}`}>
              ввести код
            </a>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function PrivacyConsent({ error }: { error?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-2 text-sm">
        <input
          id="privacyConsent"
          name="privacyConsent"
          type="checkbox"
          required
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "privacyConsent-error" : undefined}
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
