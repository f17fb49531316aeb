export function NoteRow({ text }: { text: string }) {
  return <p className="chat-note">{text}</p>;
}
