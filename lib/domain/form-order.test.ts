import { describe, expect, it } from "vitest";
import { firstInvalidField } from "./form-order";

const ORDER = ["fullName", "email", "password", "privacyConsent"] as const;

describe("firstInvalidField", () => {
  it.each([
    ["the name before the email, whatever order the errors came in", { email: { message: "Неверный формат email" }, fullName: { message: "Введите имя" } }, "fullName"],
    ["the only field in error", { password: { message: "Введите пароль" } }, "password"],
    ["the consent, last on screen", { privacyConsent: { message: "Нужно согласие" } }, "privacyConsent"],
    ["none: no errors", {}, undefined],
    ["none: an error without a message", { email: { message: undefined } }, undefined],
  ] as const)("%s", (_, errors, expected) => {
    expect(firstInvalidField(ORDER, errors)).toBe(expected);
  });
});
