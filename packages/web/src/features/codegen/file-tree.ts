/** A node of the preview's file tree: a folder (its path) or a file (its whole path, the key of its code). */
export interface FileNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: FileNode[];
}

interface Folder {
  folders: Map<string, Folder>;
  files: string[];
}

const emptyFolder = (): Folder => ({ folders: new Map(), files: [] });

/**
 * The folders and files of the generated paths, folders first, each in the order given. A folder
 * whose only content is one folder shows as one node ("packages/web" rather than "packages" › "web").
 */
export function buildFileTree(paths: readonly string[]): FileNode[] {
  const root = emptyFolder();
  for (const path of paths) {
    const parts = path.split('/');
    let folder = root;
    for (const name of parts.slice(0, -1)) {
      const next = folder.folders.get(name) ?? emptyFolder();
      folder.folders.set(name, next);
      folder = next;
    }
    folder.files.push(path);
  }
  return nodesOf(root, '');
}

function nodesOf(folder: Folder, at: string): FileNode[] {
  const folders = [...folder.folders].map(([name, inner]) => {
    let title = name;
    let key = `${at}${name}/`;
    // Down a chain of single folders, as one node.
    while (inner.files.length === 0 && inner.folders.size === 1) {
      const [childName, child] = [...inner.folders][0]!;
      title = `${title}/${childName}`;
      key = `${key}${childName}/`;
      inner = child;
    }
    return { key, title, isLeaf: false, children: nodesOf(inner, key) };
  });
  const files = folder.files.map((path) => ({
    key: path,
    title: path.slice(path.lastIndexOf('/') + 1),
    isLeaf: true,
  }));
  return [...folders, ...files];
}
