/** The few parts of piexifjs (no types of its own) the tests use to write EXIF into JPEGs. */
declare module 'piexifjs' {
  type IfdValues = Record<number, unknown>;
  const piexif: {
    TAGS: Record<string, Record<number, { name: string; type: string }>>;
    ImageIFD: Record<string, number>;
    ExifIFD: Record<string, number>;
    GPSIFD: Record<string, number>;
    dump: (exif: Record<string, IfdValues>) => string;
    insert: (exif: string, jpeg: string) => string;
  };
  export default piexif;
}
