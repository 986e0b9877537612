import { VideoIcon } from "~/components/site/icons/video-icon";

/** The hero's video from settings, with the browser's own play/pause controls; a plain empty state without one. */
export function HeroVideo({ src, poster }: { src: string | null; poster: string | null }) {
  if (!src) {
    return (
      <div
        data-slot="hero-video"
        className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed bg-muted/50 p-6 text-center"
      >
        <VideoIcon className="size-10 text-muted-foreground" aria-hidden />
        {/* Visitors read this block: how to upload one is for staff, who find it in their own screens. */}
        <p className="font-medium">No video has been uploaded yet</p>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: marketing showreels uploaded by staff carry no speech track to caption.
    <video
      data-slot="hero-video"
      className="aspect-video w-full rounded-xl border bg-black object-cover"
      src={src}
      poster={poster ?? undefined}
      controls
      preload="metadata"
      playsInline
    />
  );
}
