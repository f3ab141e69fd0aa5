import { ExternalLink } from "lucide-react";
import { toVideo } from "@/lib/domain/video";

export function LessonVideo({ url, title }: { url: string | null; title: string }) {
  const video = toVideo(url);
  if (video.kind === "none") return null;
  if (video.kind === "link") {
    return (
      <a
        href={video.href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex w-fit items-center gap-2 rounded-lg border p-4 font-medium text-primary underline-offset-4 hover:underline"
      >
        <ExternalLink className="size-4" aria-hidden />
        Смотреть видео урока
      </a>
    );
  }
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl border bg-black">
      <iframe
        src={video.src}
        title={`Видео: ${title}`}
        className="size-full"
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}
