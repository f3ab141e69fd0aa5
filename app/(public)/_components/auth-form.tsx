"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  PASSWORD_NATIVE_MIN,
  recoverySchema,
  signInSchema,
  signUpSchema,
} from "@/lib/validation/auth";
import { requestPasswordReset, signIn, signUp, type AuthResult } from "../actions";

type Mode = "signIn" | "signUp" | "recovery";

interface Fields {
  fullName: string;
  email: string;
  password: string;
}

const FIELD_ORDER: (keyof Fields)[] = ["fullName", "email", "password"];
const SCHEMAS = { signIn: signInSchema, signUp: signUpSchema, recovery: recoverySchema };

const COPY: Record<Mode, { title: string; description: string; submit: string }> = {
  signIn: { title: "Вход", description: "Войдите, чтобы продолжить обучение", submit: "Войти" },
  signUp: { title: "Регистрация", description: "Создайте аккаунт и выберите свой трек", submit: "Зарегистрироваться" },
  recovery: {
    title: "Восстановление пароля",
    description: "Пришлём ссылку для смены пароля на вашу почту",
    submit: "Отправить ссылку",
  },
};

export function AuthForm() {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("signIn");
  const [pending, startTransition] = useTransition();
  // The resolver follows the current mode, so one form keeps the email between modes.
  const resolver: Resolver<Fields> = (values, context, options) =>
    (zodResolver(SCHEMAS[mode]) as unknown as Resolver<Fields>)(values, context, options);
  const { register, handleSubmit, setValue } = useForm<Fields>({
    resolver,
    defaultValues: { fullName: "", email: "", password: "" },
  });

  const showFailure = (result: Extract<AuthResult, { ok: false }>) => {
    toast.error(result.title, { description: result.message });
  };

  const onInvalid = (errors: FieldErrors<Fields>) => {
    const first = FIELD_ORDER.map((field) => errors[field]?.message).find(Boolean);
    toast.error("Ошибка валидации", { description: first ?? "Проверьте введённые данные" });
  };

  const onValid = (values: Fields) =>
    startTransition(async () => {
      if (mode === "recovery") {
        const result = await requestPasswordReset({ email: values.email });
        if (!result.ok) return showFailure(result);
        toast.success("Письмо отправлено", { description: "Проверьте свою почту для восстановления пароля" });
        setMode("signIn");
        return;
      }
      if (mode === "signUp") {
        const result = await signUp(values);
        if (!result.ok) return showFailure(result);
        if (result.needsConfirmation) {
          toast.success("Регистрация успешна", {
            description: "Подтвердите email: мы отправили письмо со ссылкой на вашу почту",
          });
          setMode("signIn");
          return;
        }
        toast.success("Регистрация успешна", { description: "Добро пожаловать в школу IT-фаундеров!" });
        router.replace("/dashboard");
        return;
      }
      const result = await signIn({ email: values.email, password: values.password });
      if (!result.ok) return showFailure(result);
      toast.success("Вход выполнен", { description: "Добро пожаловать!" });
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
        <form onSubmit={handleSubmit(onValid, onInvalid)} className="flex flex-col gap-4" aria-label={copy.title}>
          {mode === "signUp" && (
            <div className="flex flex-col gap-2">
              <Label htmlFor="fullName">Имя</Label>
              <Input id="fullName" autoComplete="name" required placeholder="Иван Петров" {...register("fullName")} />
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              placeholder="you@example.com"
              {...register("email")}
            />
          </div>
          {mode !== "recovery" && (
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between">
                <Label htmlFor="password">Пароль</Label>
                {mode === "signIn" && (
                  <Button type="button" variant="link" className="h-auto p-0 text-sm" onClick={() => setMode("recovery")}>
                    Забыли пароль?
                  </Button>
                )}
              </div>
              <Input
                id="password"
                type="password"
                autoComplete={mode === "signUp" ? "new-password" : "current-password"}
                required
                minLength={PASSWORD_NATIVE_MIN}
                {...register("password")}
              />
            </div>
          )}
          <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {copy.submit}
          </Button>
        </form>
        <div className="mt-4 text-center text-sm text-muted-foreground">
          {mode === "signIn" && (
            <>
              Нет аккаунта?{" "}
              <Button variant="link" className="h-auto p-0" onClick={() => setMode("signUp")}>
                Зарегистрироваться
              </Button>
            </>
          )}
          {mode === "signUp" && (
            <>
              Уже есть аккаунт?{" "}
              <Button variant="link" className="h-auto p-0" onClick={() => setMode("signIn")}>
                Войти
              </Button>
            </>
          )}
          {mode === "recovery" && (
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => {
                setValue("email", "");
                setMode("signIn");
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
