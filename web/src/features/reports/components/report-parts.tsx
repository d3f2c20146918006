import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** A row of headline figures; two per row on a phone. */
export function Figures({ items }: { items: { key: string; title: ReactNode; value: ReactNode }[] }) {
  return (
    <Row gutter={[12, 12]}>
      {items.map((item) => (
        <Col key={item.key} xs={12} sm={8} lg={4}>
          <Card size="small">
            <Statistic
              title={item.title}
              valueRender={() => (
                <span style={{ fontSize: 18, overflowWrap: 'anywhere' }} data-testid={`figure-${item.key}`}>
                  {item.value}
                </span>
              )}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A rate 0..1 as a percentage with one decimal. */
export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Chart axis labels: `MM-DD` of the days. */
export const shortDay = (day: string) => day.slice(5);
