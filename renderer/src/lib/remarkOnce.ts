// react-markdown makes a new processor for every text it renders, and a syntax plugin builds its
// extensions afresh for each: remark-gfm alone took about 0.4 ms a message, 8 ms of the task that shows
// a 20-message chat. The extensions hold no state of a parse, so they are built once and the same ones
// handed to every processor.

/** Where remark plugins put their extensions: lists under the processor's data. */
type ExtensionLists = Record<string, unknown[] | undefined>;
/** Any plugin, its own signature kept (its `this` is the processor, whatever its type). */
type Plugin = (this: never) => unknown;
type Attacher = (this: { data(): unknown }) => unknown;

/** `plugin` (one that takes no options) run once; the plugin returned adds what it added, and its transform. */
export function remarkOnce<P extends Plugin>(plugin: P): P {
  const built: ExtensionLists = {};
  const transform = (plugin as unknown as Attacher).call({ data: () => built });
  const attach: Attacher = function () {
    const data = this.data() as ExtensionLists;
    for (const [name, list] of Object.entries(built)) (data[name] ??= []).push(...list!);
    return transform;
  };
  return attach as unknown as P;
}
