/** The whole text a streamed download (a CSV export) would give, read chunk by chunk as the response does. */
export async function streamedText(chunks: AsyncIterable<string>) {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}
