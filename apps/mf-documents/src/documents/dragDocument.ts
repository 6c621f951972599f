/** Dragging a document card onto a folder card or a breadcrumb item moves it there. */
import { useRef, useState, type DragEvent } from 'react';

/** The drag's data type: only our cards carry it, so files dragged in from the desktop are not taken for one. */
export const DOCUMENT_DRAG_TYPE = 'application/x-aide-document';

export function startDocumentDrag(event: DragEvent, documentId: number) {
  event.dataTransfer.setData(DOCUMENT_DRAG_TYPE, String(documentId));
  event.dataTransfer.effectAllowed = 'move';
}

const carriesDocument = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes(DOCUMENT_DRAG_TYPE);

/** Props for a drop target, and whether a document is being held over it. */
export function useDocumentDrop(onDrop: ((documentId: number) => void) | undefined) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child: count them so the highlight does not flicker.
  const depth = useRef(0);
  if (!onDrop) return { over: false, dropProps: {} };
  return {
    over,
    dropProps: {
      onDragEnter: (event: DragEvent) => {
        if (!carriesDocument(event)) return;
        depth.current += 1;
        setOver(true);
      },
      onDragOver: (event: DragEvent) => {
        if (!carriesDocument(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      },
      onDragLeave: (event: DragEvent) => {
        if (!carriesDocument(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        depth.current = 0;
        setOver(false);
        const id = Number(event.dataTransfer.getData(DOCUMENT_DRAG_TYPE));
        if (!Number.isInteger(id) || id <= 0) return;
        event.preventDefault();
        onDrop(id);
      },
    },
  };
}
