import { Fragment } from "react";
import { schoolContacts, type SchoolContact } from "@/lib/school";

/** The school's configured contacts as links: «school@example.ru или @school». */
export function ContactLinks({ contacts }: { contacts: readonly SchoolContact[] }) {
  return contacts.map((contact, index) => (
    <Fragment key={contact.href}>
      {index > 0 && " или "}
      <a href={contact.href} className="font-medium underline underline-offset-4">
        {contact.label}
      </a>
    </Fragment>
  ));
}

/**
 * How a locked notice ends: with the way to reach the school when the owner configured one
 * (lib/school.ts), else with who opens access, so the page never promises a contact it lacks.
 */
export function AskForAccess({ contacts = schoolContacts() }: { contacts?: readonly SchoolContact[] }) {
  if (contacts.length === 0) return <>Доступ открывает администратор школы.</>;
  return (
    <>
      Чтобы получить доступ, напишите администратору школы: <ContactLinks contacts={contacts} />.
    </>
  );
}
