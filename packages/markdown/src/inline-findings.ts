/**
 * What the inline scanner finds, as offsets into the note's text; positions (line and column)
 * are computed once, when the findings become Obsidian's caches.
 */

export interface FoundReference {
  start: number;
  end: number;
  link: string;
  original: string;
  displayText: string;
}

export interface FoundTag {
  start: number;
  end: number;
  tag: string;
}

export interface FoundFootnoteRef {
  start: number;
  end: number;
  id: string;
}

export interface InlineFindings {
  links: FoundReference[];
  embeds: FoundReference[];
  tags: FoundTag[];
  footnoteRefs: FoundFootnoteRef[];
}
