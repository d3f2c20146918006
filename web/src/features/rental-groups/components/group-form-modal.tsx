import {
  type RentalChoice,
  type RentalGroupInput,
  TRANSFER_MAX_RENTALS,
  ZRentalGroupInput,
} from '@jiema/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps, Form, Input, Modal, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RentalPicker } from '../../../components/rental-picker';
import { zodFieldRule } from '../../../lib/form-rules';
import { createRentalGroup } from '../api/create-rental-group';
import { useRentalGroup } from '../api/get-rental-group';
import { RENTAL_GROUPS_KEY } from '../api/keys';
import { listGroupChoices } from '../api/list-group-choices';
import { updateRentalGroup } from '../api/update-rental-group';

/** Creates a group link (`groupId` null) or edits one: its name and its members, chosen from my rentals. */
export function GroupFormModal({
  open,
  groupId,
  onClose,
}: {
  open: boolean;
  groupId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [selected, setSelected] = useState<number[]>([]);
  const group = useRentalGroup(open ? groupId : null);

  // Filled once per opening: a background refetch of the group must not undo the reader's edits.
  const [filledFor, setFilledFor] = useState<number | 'new' | null>(null);
  useEffect(() => {
    if (!open) {
      setFilledFor(null);
      return;
    }
    const target = groupId ?? 'new';
    if (filledFor === target) return;
    if (groupId === null) {
      form.resetFields();
      setSelected([]);
      setFilledFor(target);
    } else if (group.data) {
      form.setFieldsValue({ name: group.data.name });
      setSelected(group.data.members.map((m) => m.rentalId));
      setFilledFor(target);
    }
  }, [open, groupId, group.data, form, filledFor]);

  // Current members stay choosable even when the picker's list (holding rentals) leaves them out.
  const members = useMemo<RentalChoice[]>(
    () => (group.data?.members ?? []).map((m) => ({ ...m, id: m.rentalId })),
    [group.data],
  );

  const save = useMutation({
    mutationFn: (input: RentalGroupInput) =>
      groupId === null ? createRentalGroup(input) : updateRentalGroup(groupId, input),
    onSuccess: () => {
      void message.success(t(groupId === null ? 'rental-groups.created' : 'rental-groups.saved'));
      void queryClient.invalidateQueries({ queryKey: RENTAL_GROUPS_KEY });
      onClose();
    },
  });

  async function submit() {
    const { name } = await form.validateFields();
    if (selected.length === 0 || selected.length > TRANSFER_MAX_RENTALS) {
      void message.error(t('rental-groups.form.pickRentals', { max: TRANSFER_MAX_RENTALS }));
      return;
    }
    save.mutate({ name, rentalIds: selected });
  }

  return (
    <Modal
      open={open}
      width={860}
      title={t(groupId === null ? 'rental-groups.form.createTitle' : 'rental-groups.form.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'group-save' } as ButtonProps}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={groupId !== null && group.isLoading}>
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('rental-groups.form.name')}
            rules={[zodFieldRule(ZRentalGroupInput, 'name', t)]}
          >
            <Input maxLength={64} data-testid="group-name" />
          </Form.Item>
        </Form>
        <RentalPicker
          queryKey={RENTAL_GROUPS_KEY}
          fetchChoices={listGroupChoices}
          selected={selected}
          onChange={setSelected}
          extra={members}
          testId="group-rentals"
        />
      </Spin>
    </Modal>
  );
}
