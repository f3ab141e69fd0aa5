import { LogOut } from "lucide-react";
import { SafeForm } from "@/components/forms/safe-form";
import { SubmitButton } from "@/components/ui/submit-button";
import { signOutForm } from "../actions";

/**
 * «Выйти». A plain form: pressed before the page's script, the browser posts it; after the script,
 * React does. Either way the home page says the session ended and tells the other tabs (the
 * «signed-out» arrival).
 */
export function SignOutButton() {
  return (
    <SafeForm action={signOutForm}>
      <SubmitButton variant="ghost">
        <LogOut aria-hidden />
        Выйти
      </SubmitButton>
    </SafeForm>
  );
}
