/**
 * Opens a PDF fetched with the session in a new tab (opened at the press, so no pop-up blocker stops it), or saves it
 * where no tab opens (blocked, the phone app). As the quotes' Print / PDF does.
 */
export async function openPdf(load: () => Promise<Blob>, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await load());
    if (tab) tab.location.href = url;
    else {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
