import { ApiOutlined, ClearOutlined, DisconnectOutlined, SendOutlined } from '@ant-design/icons';
import { userListAllSimple } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Form, Input, Row, Select, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { queryKey } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
import { useWebSocket } from './use-web-socket';
import type { ReceivedMessage, SocketStatus } from './use-web-socket';
import './websocket-page.css';

/** 发给谁: '' is 所有人 (everyone of the tenant), as in the reference's page. */
const EVERYONE = '';

const STATUS: Record<SocketStatus, { text: string; badge: 'success' | 'processing' | 'error' }> = {
  open: { text: '已连接', badge: 'success' },
  connecting: { text: '连接中', badge: 'processing' },
  closed: { text: '已断开', badge: 'error' },
};

const KIND: Record<ReceivedMessage['kind'], { text: string; color: string }> = {
  single: { text: '单发', color: 'blue' },
  broadcast: { text: '群发', color: 'green' },
  notice: { text: '公告推送', color: 'orange' },
};

/** WebSocket 测试 (menu component infra/webSocket/index): a connection to `<base>infra/ws`, messages to a user or everyone. */
export function WebSocketPage() {
  const { status, messages, connect, disconnect, send, clear } = useWebSocket();
  const [to, setTo] = useState<number | typeof EVERYONE>(EVERYONE);
  const [text, setText] = useState('');
  const users = useQuery({
    queryKey: queryKey(userListAllSimple),
    queryFn: () => request(userListAllSimple),
  });
  const nickname = (id: number | undefined) =>
    id === undefined ? '' : (users.data?.find((u) => u.id === id)?.nickname ?? `用户编号 ${id}`);

  const open = status === 'open';
  const onSend = () => {
    if (send(text.trim(), to === EVERYONE ? null : to)) setText('');
  };

  return (
    <div className="websocket-page">
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title="连接" size="small">
            <Space className="websocket-page__status" wrap>
              <span>连接状态：</span>
              <Badge status={STATUS[status].badge} text={STATUS[status].text} aria-live="polite" />
              <Button type="primary" icon={<ApiOutlined />} disabled={status !== 'closed'} onClick={connect}>
                连接
              </Button>
              <Button
                danger
                icon={<DisconnectOutlined />}
                disabled={status === 'closed'}
                onClick={disconnect}
              >
                断开
              </Button>
            </Space>
            <Form layout="vertical" onFinish={onSend}>
              <Form.Item label="发给谁" htmlFor="websocket-to">
                <Select
                  id="websocket-to"
                  value={to}
                  onChange={setTo}
                  showSearch
                  optionFilterProp="label"
                  loading={users.isLoading}
                  options={[
                    { value: EVERYONE, label: '所有人' },
                    ...(users.data ?? []).map((u) => ({ value: u.id, label: u.nickname })),
                  ]}
                />
              </Form.Item>
              <Form.Item label="消息内容" htmlFor="websocket-text">
                <Input.TextArea
                  id="websocket-text"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="请输入你要发送的消息"
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  maxLength={1000}
                  showCount
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SendOutlined />}
                disabled={!open || !text.trim()}
              >
                发送
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card
            title="消息记录"
            size="small"
            extra={
              <Tooltip title="清空消息">
                <Button
                  type="text"
                  icon={<ClearOutlined />}
                  aria-label="清空消息"
                  disabled={messages.length === 0}
                  onClick={clear}
                />
              </Tooltip>
            }
          >
            {messages.length === 0 ? (
              <Empty description="暂无消息" />
            ) : (
              <ul className="websocket-page__messages" aria-label="收到的消息">
                {messages.map((m) => (
                  <li key={m.key} className="websocket-page__message">
                    <div className="websocket-page__meta">
                      <Tag color={KIND[m.kind].color}>{KIND[m.kind].text}</Tag>
                      {m.kind !== 'notice' && <span>来自：{nickname(m.fromUserId)}</span>}
                      <span className="websocket-page__time">{formatDateTime(m.time)}</span>
                    </div>
                    <div className="websocket-page__text">
                      {m.kind === 'notice' ? `【公告】${m.text}` : m.text}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
