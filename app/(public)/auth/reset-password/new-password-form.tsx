"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { newPasswordSchema, PASSWORD_NATIVE_MIN, type NewPasswordInput } from "@/lib/validation/auth";
import { updatePassword } from "../../actions";

export function NewPasswordForm() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "", confirmation: "" },
  });

  const onValid = (values: NewPasswordInput) =>
    startTransition(async () => {
      const result = await updatePassword(values);
      if (!result.ok) {
        toast.error(result.title, { description: result.message });
        return;
      }
      toast.success("Пароль обновлён", { description: "Теперь входите с новым паролем" });
      router.replace("/dashboard");
    });

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={handleSubmit(onValid, (errors) =>
        toast.error("Ошибка валидации", {
          description: errors.password?.message ?? errors.confirmation?.message ?? "Проверьте введённые данные",
        }),
      )}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="password">Новый пароль</Label>
        <Input id="password" type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} {...register("password")} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="confirmation">Повторите пароль</Label>
        <Input id="confirmation" type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} {...register("confirmation")} />
      </div>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
        {pending && <Loader2 className="animate-spin" aria-hidden />}
        Сохранить пароль
      </Button>
    </form>
  );
}
