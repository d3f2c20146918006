/**
 * Spec §1: dialogs can be dragged. One document listener makes every antd dialog movable by its
 * title bar (modals and confirms alike), so no page has to remember to opt in.
 */
const HANDLE = '.ant-modal-header, .ant-modal-confirm-title';

export function installDraggableDialogs(doc: Document = document) {
  doc.addEventListener('pointerdown', (event) => {
    const target = event.target as HTMLElement | null;
    if (!target || event.button !== 0 || target.closest('button, input, textarea, a')) return;
    const handle = target.closest<HTMLElement>(HANDLE);
    const dialog = handle?.closest<HTMLElement>('.ant-modal');
    if (!handle || !dialog) return;
    const [startX, startY] = [event.clientX, event.clientY];
    const [baseX, baseY] = [Number(dialog.dataset.dragX ?? 0), Number(dialog.dataset.dragY ?? 0)];
    handle.style.cursor = 'move';
    const onMove = (move: PointerEvent) => {
      const x = baseX + move.clientX - startX;
      const y = baseY + move.clientY - startY;
      dialog.dataset.dragX = String(x);
      dialog.dataset.dragY = String(y);
      dialog.style.translate = `${x}px ${y}px`;
    };
    const onUp = () => {
      doc.removeEventListener('pointermove', onMove);
      doc.removeEventListener('pointerup', onUp);
    };
    doc.addEventListener('pointermove', onMove);
    doc.addEventListener('pointerup', onUp);
  });
}
