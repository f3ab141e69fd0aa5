import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-e2e*/**", ".next-bench*/**", ".bench-floor/**", ".bench-floor-dynamic/**", "node_modules/**", "test-results*/**", "playwright-report/**", "next-env.d.ts", "lib/database.types.ts"] },
];

export default config;
