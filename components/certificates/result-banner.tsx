import { certificateResult } from "@/lib/validation/certificates";

/** What a certificate form's redirect reports (`?result=…`), read out by screen readers on arrival. */
export function CertificateResultBanner({ value }: { value: string | string[] | undefined }) {
  const result = certificateResult(value);
  if (!result) return null;
  return (
    <p
      role={result.failed ? "alert" : "status"}
      className={result.failed ? "rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" : "rounded-lg border bg-muted/40 p-3 text-sm"}
    >
      {result.text}
    </p>
  );
}
