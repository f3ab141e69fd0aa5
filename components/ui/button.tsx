import * as React from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";

const buttonVariants = cva(
  "inline-flex items-center gap-2 rounded-md font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
        destructive: "bg-destructive text-white shadow-xs hover:bg-destructive/90",
        outline: "border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      // On a touch screen (a coarse pointer) every button is 44 px high at least, where a finger goes.
      size: {
        default: "h-9 justify-center whitespace-nowrap px-4 py-2 text-sm pointer-coarse:h-11",
        sm: "h-8 justify-center whitespace-nowrap px-3 text-sm pointer-coarse:h-11",
        lg: "h-10 justify-center whitespace-nowrap px-6 text-sm pointer-coarse:h-11",
        icon: "size-9 justify-center text-sm pointer-coarse:size-11",
        /** A link-like button inside text: no box of its own; text size from its className or its parent. */
        inline: "h-auto justify-center whitespace-nowrap p-0",
        /** A button whose label wraps, aligned by its className (justify-start, text-left…). */
        wrapping: "h-auto whitespace-normal px-4 py-2 text-sm pointer-coarse:min-h-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}

export { Button, buttonVariants };
