import type { APIRequestContext } from "@playwright/test";
import { actionResult, encodeReply, type BuiltAction } from "./hostile";

/** What a server action answered: its value when the action ran, else the status (and where a redirect leads). */
export interface ActionAnswer {
  status: number;
  /** Whether the body carried the action's value (the action ran and returned). */
  found: boolean;
  value: unknown;
  /** Where a redirect sends the caller: the action's own (`x-action-redirect`) or the server's. */
  redirect: string | null;
  text: string;
}

/** Calls a server action of the build at its page, with arguments as React's client encodes them. */
export async function callAction(api: APIRequestContext, action: BuiltAction, args: unknown[], headers: Record<string, string> = {}): Promise<ActionAnswer> {
  const body = await encodeReply(args);
  const response = await api.fetch(action.path, {
    method: "POST",
    headers: {
      accept: "text/x-component",
      "next-action": action.id,
      ...(typeof body === "string" ? { "content-type": "text/plain;charset=UTF-8" } : {}),
      ...headers,
    },
    ...(typeof body === "string" ? { data: body } : { multipart: body }),
    maxRedirects: 0,
    failOnStatusCode: false,
    timeout: 30_000,
  });
  const text = await response.text();
  const { found, value } = actionResult(text);
  const redirect = response.headers()["x-action-redirect"]?.split(";")[0] ?? response.headers()["location"] ?? null;
  return { status: response.status(), found, value, redirect, text };
}

/** A FormData of text fields, as a `<form action>` sends it. */
export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
