import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { EMAIL_SHAPE, SALES_FORM_LIMITS } from '@mm/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendSalesInquiry } from '../api/send-sales-inquiry.ts';

type Fields = { name: string; company: string; email: string; people: string | number; message: string };
type Errors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { name: '', company: '', email: '', people: '', message: '' };

/** The checks the server makes too (its own are the ones that count), shown at each field before sending. */
function problemsOf(f: Fields, t: TFunction<'billing'>): Errors {
  const errors: Errors = {};
  if (!f.name.trim()) errors.name = t('enterprise.errors.name');
  if (!f.company.trim()) errors.company = t('enterprise.errors.company');
  if (!EMAIL_SHAPE.test(f.email.trim())) errors.email = t('enterprise.errors.email');
  const people = Number(f.people);
  if (f.people === '' || !Number.isInteger(people) || people < 1 || people > SALES_FORM_LIMITS.people) errors.people = t('enterprise.errors.people');
  if (f.message.trim().length < SALES_FORM_LIMITS.messageMin) errors.message = t('enterprise.errors.message', { min: SALES_FORM_LIMITS.messageMin });
  return errors;
}

type SalesInquiryDialogProps = { opened: boolean; onClose: () => void };

/** Enterprise: talk to us. Name, company, e-mail, people and a message, e-mailed to the sales team. */
export function SalesInquiryDialog({ opened, onClose }: SalesInquiryDialogProps) {
  const { t } = useTranslation('billing');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendSalesInquiry();
  const set = (key: keyof Fields) => (value: string | number) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(fields, t);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send.mutate(
      { ...fields, people: Number(fields.people) },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          setFields(EMPTY);
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('enterprise.dialogTitle')} centered size="lg" closeButtonProps={{ 'aria-label': t('enterprise.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('enterprise.intro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('enterprise.name')}
              required
              autoComplete="name"
              maxLength={SALES_FORM_LIMITS.name}
              value={fields.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label={t('enterprise.company')}
              required
              autoComplete="organization"
              maxLength={SALES_FORM_LIMITS.company}
              value={fields.company}
              onChange={(e) => set('company')(e.currentTarget.value)}
              error={errors.company}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('enterprise.email')}
              type="email"
              required
              autoComplete="email"
              maxLength={SALES_FORM_LIMITS.email}
              value={fields.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
            />
            <NumberInput
              label={t('enterprise.people')}
              required
              min={1}
              max={SALES_FORM_LIMITS.people}
              allowDecimal={false}
              allowNegative={false}
              value={fields.people}
              onChange={set('people')}
              error={errors.people}
            />
          </SimpleGrid>
          <Textarea
            label={t('enterprise.message')}
            required
            autosize
            minRows={4}
            maxLength={SALES_FORM_LIMITS.message}
            value={fields.message}
            onChange={(e) => set('message')(e.currentTarget.value)}
            error={errors.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('enterprise.cancel')}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t('enterprise.sending') : t('enterprise.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
