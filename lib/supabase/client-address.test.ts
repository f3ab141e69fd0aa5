import { describe, expect, it } from "vitest";
import { clientAddress, forwardingHeaders } from "./client-address";

describe("clientAddress", () => {
  it("takes the entry the trusted proxy appended, ignoring what the visitor wrote before it", () => {
    expect(clientAddress("203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("6.6.6.6, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("6.6.6.6, 203.0.113.7, 10.0.0.2", 2)).toBe("203.0.113.7");
    expect(clientAddress("2001:db8::1", 1)).toBe("2001:db8::1");
  });

  it("gives nothing for a missing, malformed or too short header, or with no trusted proxy", () => {
    expect(clientAddress(null, 1)).toBeNull();
    expect(clientAddress("", 1)).toBeNull();
    expect(clientAddress("not-an-ip", 1)).toBeNull();
    expect(clientAddress("203.0.113.7", 2)).toBeNull();
    expect(clientAddress("203.0.113.7", 0)).toBeNull();
  });

  it("becomes the Sb-Forwarded-For header only when there is an address", () => {
    expect(forwardingHeaders("198.51.100.4")).toEqual({ "Sb-Forwarded-For": "198.51.100.4" });
    expect(forwardingHeaders("nonsense")).toEqual({});
  });
});
