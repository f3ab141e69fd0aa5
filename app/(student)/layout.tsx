import { AccountBar } from "@/components/account-bar";
import { requireViewer } from "@/lib/preview";
import { getUnreadCount } from "@/lib/queries/notifications";
import { PreviewBanner } from "./_components/preview-banner";

export default async function StudentLayout({ children }: { children: React.ReactNode }) {
  const { preview } = await requireViewer();
  return (
    <>
      {preview ? <PreviewBanner student={preview} /> : <AccountBar unread={getUnreadCount().catch(() => null)} />}
      {children}
    </>
  );
}
