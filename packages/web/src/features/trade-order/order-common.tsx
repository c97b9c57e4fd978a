import { deliveryExpressListAllSimple } from '@app/contract';
import type { TradeOrderExpressTrack, TradeOrderItem } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Tag, Timeline } from 'antd';
import type { TableColumnType } from 'antd';
import { queryKey, useCan } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
import { fenToYuanText } from '../../shared/ui/money';
import { Thumbnail } from '../../shared/ui/thumbnail';

/* What the order list, the order detail and 快递管理 share: an item's goods, the express companies, a parcel's track. */

/** An item's goods: its picture, the SPU's name and a tag per property ('颜色：红色'). */
export function ItemGoods({ item }: { item: TradeOrderItem }) {
  return (
    <div className="trade-order-goods">
      {item.picUrl && <Thumbnail src={item.picUrl} alt={item.spuName} />}
      <div className="trade-order-goods-text">
        <span>{item.spuName}</span>
        <div>
          {item.properties.map((property) => (
            <Tag key={property.propertyId}>
              {property.propertyName}：{property.valueName}
            </Tag>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The 商品 column of an order's items. */
export const goodsColumn: TableColumnType<TradeOrderItem> = {
  title: '商品',
  key: 'goods',
  render: (_: unknown, item: TradeOrderItem) => <ItemGoods item={item} />,
};

/** A column of fen shown as yuan without the sign ('12.30' under a '(元)' title). */
export const yuanColumn = <T,>(
  title: string,
  dataIndex: keyof T & string,
  options: Omit<TableColumnType<T>, 'title' | 'dataIndex' | 'render'> = {},
): TableColumnType<T> => ({
  title,
  dataIndex,
  width: 110,
  align: 'center',
  render: (fen: number) => fenToYuanText(fen),
  ...options,
});

/**
 * The enabled express companies as select options, read when the user may list them (发货 and the
 * search of 快递管理 choose among them).
 */
export function useExpressOptions(): { value: number; label: string }[] {
  const canList = useCan(deliveryExpressListAllSimple);
  const companies = useQuery({
    queryKey: queryKey(deliveryExpressListAllSimple),
    queryFn: () => request(deliveryExpressListAllSimple),
    enabled: canList,
  });
  return (companies.data ?? []).map((company) => ({ value: company.id, label: company.name }));
}

/** A parcel's journey as a timeline, newest first; says so when nothing was recorded yet. */
export function ExpressTracks({ tracks }: { tracks: readonly TradeOrderExpressTrack[] }) {
  if (tracks.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无物流轨迹" />;
  const newestFirst = [...tracks].sort((a, b) => b.time - a.time);
  return (
    <Timeline
      className="trade-order-tracks"
      items={newestFirst.map((track, index) => ({
        key: `${track.time}-${index}`,
        color: index === 0 ? 'blue' : 'gray',
        content: (
          <>
            <div className="trade-order-timeline-time">{formatDateTime(track.time)}</div>
            <div>{track.content}</div>
          </>
        ),
      }))}
    />
  );
}
