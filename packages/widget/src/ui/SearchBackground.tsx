export interface BackgroundPicture {
  defaultUrl: string;
  sources: readonly { url: string; maxWidth: number }[];
}

export interface SearchBackgroundProps {
  picture: BackgroundPicture | null;
}

/** srcset splits on commas and spaces, so those must not appear raw in a URL. */
function srcsetUrl(url: string): string {
  return url.replace(/ /g, '%20').replace(/,/g, '%2C');
}

export function SearchBackground({ picture }: SearchBackgroundProps) {
  if (picture === null || picture.defaultUrl === '') return null;
  // The browser takes the first matching <source>, so the narrowest goes first.
  const sources = [...picture.sources].sort((a, b) => a.maxWidth - b.maxWidth);
  return (
    <picture className="pn-search-bg" part="search-background">
      {sources.map((source) => (
        <source
          key={`${source.maxWidth}-${source.url}`}
          media={`(max-width: ${source.maxWidth}px)`}
          srcSet={srcsetUrl(source.url)}
        />
      ))}
      <img className="pn-search-bg__img" src={picture.defaultUrl} alt="" decoding="async" />
    </picture>
  );
}
