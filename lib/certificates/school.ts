import { privacyDetails, schoolContacts } from "@/lib/school";
import { SITE_NAME } from "@/lib/site";

/** The school as a certificate names it: its name, and the operator's details and contacts the owner configured. */
export function certificateIssuer() {
  const operator = privacyDetails().operator;
  const contacts = schoolContacts().map((contact) => contact.label).join(" · ");
  return { name: SITE_NAME, details: [operator, contacts].filter((line): line is string => Boolean(line)) };
}
