import { requireViewer } from "@/lib/preview";
import { PreviewBanner } from "./_components/preview-banner";

export default async function StudentLayout({ children }: { children: React.ReactNode }) {
  const { preview } = await requireViewer();
  return (
    <>
      {preview && <PreviewBanner student={preview} />}
      {children}
    </>
  );
}
