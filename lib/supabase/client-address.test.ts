import { describe, expect, it } from "vitest";
import { clientAddress, currentDeployment, forwardingHeaders, PEER_RECORDED_ENV, withPeerAppended } from "./client-address";

const headers = (values: Record<string, string>) => new Headers(values);
const appServer = (trustedHops = 0) => ({ kind: "app-server", trustedHops }) as const;

describe("clientAddress", () => {
  it("under the app's server with no proxy, is the TCP peer whatever X-Forwarded-For the visitor wrote", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.7" }), appServer())).toBe("203.0.113.7");
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 7.7.7.7, 203.0.113.7" }), appServer())).toBe("203.0.113.7");
  });

  it("behind trusted proxies, is the entry the outermost one wrote, before the peer", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.2" }), appServer(1))).toBe("203.0.113.7");
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.3, 10.0.0.2" }), appServer(2))).toBe(
      "203.0.113.7",
    );
    expect(clientAddress(headers({ "x-forwarded-for": "2001:db8::1, ::1" }), appServer(1))).toBe("2001:db8::1");
  });

  it("on Vercel, reads only Vercel's own header", () => {
    const vercel = { kind: "vercel" } as const;
    expect(clientAddress(headers({ "x-vercel-forwarded-for": "203.0.113.7", "x-forwarded-for": "6.6.6.6" }), vercel)).toBe(
      "203.0.113.7",
    );
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6" }), vercel)).toBeNull();
  });

  it("under a bare `next start` names no address unless a trusted proxy is configured", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6" }), { kind: "next-start", trustedHops: 0 })).toBeNull();
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" }), { kind: "next-start", trustedHops: 1 })).toBe(
      "203.0.113.7",
    );
  });

  it("is nothing when the chosen entry is missing or not an address", () => {
    expect(clientAddress(headers({}), appServer())).toBeNull();
    expect(clientAddress(headers({ "x-forwarded-for": "not-an-ip" }), appServer())).toBeNull();
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.7" }), appServer(1))).toBeNull();
  });
});

describe("currentDeployment", () => {
  it("comes from the environment only, with no proxy by default", () => {
    expect(currentDeployment({})).toEqual({ kind: "next-start", trustedHops: 0 });
    expect(currentDeployment({ [PEER_RECORDED_ENV]: "1" })).toEqual({ kind: "app-server", trustedHops: 0 });
    expect(currentDeployment({ [PEER_RECORDED_ENV]: "1", TRUSTED_PROXY_HOPS: "2" })).toEqual({ kind: "app-server", trustedHops: 2 });
    expect(currentDeployment({ TRUSTED_PROXY_HOPS: "-1" })).toEqual({ kind: "next-start", trustedHops: 0 });
    expect(currentDeployment({ VERCEL: "1", TRUSTED_PROXY_HOPS: "2" })).toEqual({ kind: "vercel" });
  });
});

describe("forwardingHeaders", () => {
  it("names the address in Sb-Forwarded-For, or sends nothing", () => {
    process.env[PEER_RECORDED_ENV] = "1";
    try {
      expect(forwardingHeaders(headers({ "x-forwarded-for": "198.51.100.4" }))).toEqual({ "Sb-Forwarded-For": "198.51.100.4" });
      expect(forwardingHeaders(headers({ "x-forwarded-for": "nonsense" }))).toEqual({});
    } finally {
      delete process.env[PEER_RECORDED_ENV];
    }
  });
});

describe("withPeerAppended", () => {
  it("appends the TCP peer to what came, as a proxy does", () => {
    expect(withPeerAppended(undefined, "203.0.113.7")).toBe("203.0.113.7");
    expect(withPeerAppended("6.6.6.6", "203.0.113.7")).toBe("6.6.6.6, 203.0.113.7");
    expect(withPeerAppended(["6.6.6.6", "7.7.7.7"], "::ffff:203.0.113.7")).toBe("6.6.6.6, 7.7.7.7, 203.0.113.7");
    expect(withPeerAppended("6.6.6.6", undefined)).toBe("6.6.6.6");
  });

  it("lets the visitor's own header count for nothing without a proxy", () => {
    const forwardedFor = withPeerAppended("1.2.3.4, 5.6.7.8", "203.0.113.7")!;
    expect(clientAddress(new Headers({ "x-forwarded-for": forwardedFor }), appServer())).toBe("203.0.113.7");
  });
});
