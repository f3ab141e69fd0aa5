import { describe, expect, it } from "vitest";
import { describeError } from "./clients";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("describeError", () => {
  it.each<[unknown, string]>([
    [new TypeError("fetch failed", { cause: withCode("connect ECONNREFUSED 127.0.0.1:54321", "ECONNREFUSED") }), "соединение отклонено, ECONNREFUSED"],
    [withCode("getaddrinfo ENOTFOUND smtp.example.ru", "ENOTFOUND"), "адрес не найден в DNS, ENOTFOUND"],
    [new TypeError("fetch failed", { cause: withCode("self-signed certificate", "DEPTH_ZERO_SELF_SIGNED_CERT") }), "fetch failed (DEPTH_ZERO_SELF_SIGNED_CERT)"],
    [new TypeError("fetch failed", { cause: new Error("other side closed") }), "fetch failed (other side closed)"],
    [Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" }), "нет ответа за 15 с"],
    [new Error("plain"), "plain"],
    ["a string", "a string"],
  ])("%s → %s", (thrown, text) => {
    expect(describeError(thrown)).toBe(text);
  });
});
