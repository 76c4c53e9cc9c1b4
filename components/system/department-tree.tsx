"use client";

import styles from "./department-tree.module.css";

// The departments beside the user list: every organization, open, as buttons that filter the
// list to one (the selected one marked). A plain nested list: antd's Tree (with its virtual list
// and motion) is not needed for a tree that is always fully open.

type Node = { id: number; nameEn: string; nameZh: string; children?: Node[] };

export function DepartmentTree({ nodes, selected, name, onSelect }: { nodes: Node[]; selected: number; name: (n: Node) => string; onSelect: (id: number) => void }) {
  return (
    <ul className={styles.tree} role="tree">
      {nodes.map((n) => (
        <Branch key={n.id} node={n} selected={selected} name={name} onSelect={onSelect} />
      ))}
    </ul>
  );
}

function Branch({ node, selected, name, onSelect }: { node: Node; selected: number; name: (n: Node) => string; onSelect: (id: number) => void }) {
  const kids = node.children ?? [];
  return (
    <li role="treeitem" aria-selected={node.id === selected} aria-expanded={kids.length ? true : undefined}>
      <button
        type="button"
        className={styles.node}
        aria-current={node.id === selected ? "true" : undefined}
        onClick={() => onSelect(node.id)}
        data-testid={`department-${node.id}`}
      >
        {name(node)}
      </button>
      {kids.length > 0 && (
        <ul role="group">
          {kids.map((k) => (
            <Branch key={k.id} node={k} selected={selected} name={name} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </li>
  );
}
