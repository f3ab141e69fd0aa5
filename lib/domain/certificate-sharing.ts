/** Plain links that share a certificate's verification page: no script of theirs runs on our pages. */
export function certificateShareLinks(url: string, text: string) {
  const encoded = encodeURIComponent(url);
  return [
    { label: "Telegram", href: `https://t.me/share/url?url=${encoded}&text=${encodeURIComponent(text)}` },
    { label: "ВКонтакте", href: `https://vk.com/share.php?url=${encoded}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}` },
    { label: "E-mail", href: `mailto:?subject=${encodeURIComponent(text)}&body=${encoded}` },
  ];
}
