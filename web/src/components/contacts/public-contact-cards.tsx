import { contactHref, type PublicContact } from '@jiema/shared';
import { Button, Card, Col, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactIcon } from './contact-icon';
import { usePublicContacts } from './get-public-contacts';

function ContactCard({ contact }: { contact: PublicContact }) {
  const { t, i18n } = useTranslation();
  const label = i18n.language === 'en-US' && contact.labelEn ? contact.labelEn : contact.labelZh;
  const href = contactHref(contact);
  const typeName = t(`contacts.types.${contact.type}`);
  return (
    <Card style={{ height: '100%' }} data-testid={`public-contact-${contact.id}`}>
      <div style={{ fontSize: 28, color: '#1677ff' }}>
        <ContactIcon type={contact.type} />
      </div>
      <Typography.Title level={5}>{label}</Typography.Title>
      {typeName !== label && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {typeName}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph copyable strong style={{ wordBreak: 'break-all' }}>
        {contact.value}
      </Typography.Paragraph>
      {href && (
        <Button type="link" href={href} target="_blank" rel="noopener noreferrer" style={{ padding: 0 }}>
          {t('contacts.open')}
        </Button>
      )}
    </Card>
  );
}

/** The enabled contact channels as cards, for the public contact page; nothing while loading or when none. */
export function PublicContactCards({ colProps }: { colProps: { xs: number; md: number } }) {
  const contacts = usePublicContacts();
  return (
    <>
      {(contacts.data ?? []).map((contact) => (
        <Col key={contact.id} {...colProps}>
          <ContactCard contact={contact} />
        </Col>
      ))}
    </>
  );
}
