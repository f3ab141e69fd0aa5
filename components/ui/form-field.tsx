import * as React from "react";
import { Label } from "@/components/ui/label";

interface FormFieldProps {
  id: string;
  label: React.ReactNode;
  error?: string;
  /** Rendered beside the label, e.g. a link. */
  aside?: React.ReactNode;
  /** The control; it receives the id and the error's aria wiring. */
  children: React.ReactElement<React.ComponentProps<"input">>;
}

/** A labelled control with its validation message under it, announced to screen readers. */
export function FormField({ id, label, error, aside, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const control = React.cloneElement(children, {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  });
  return (
    <div className="flex flex-col gap-2">
      {aside ? (
        <div className="flex items-center justify-between">
          <Label htmlFor={id}>{label}</Label>
          {aside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {control}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
