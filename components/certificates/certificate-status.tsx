import { Badge } from "@/components/ui/badge";

/** «Действителен» or «Отозван»: a certificate's status, on its student's list and on its public page. */
export function CertificateStatus({ revoked }: { revoked: boolean }) {
  return (
    <Badge variant={revoked ? "outline" : "default"} className={revoked ? "border-destructive text-sm text-destructive" : "text-sm"} data-testid="certificate-status">
      {revoked ? "Отозван" : "Действителен"}
    </Badge>
  );
}
