import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { OaLeaveDetail } from './oa-leave-detail';
import '../runtime.css';

/** 查看 OA 请假 (/bpm/oa/leave/detail?id=): one leave request, read-only. */
export default function OaLeaveDetailPage() {
  const [params] = useSearchParams();
  return (
    <div className="bpm-runtime-page">
      <Card title="请假详情" size="small">
        <OaLeaveDetail id={Number(params.get('id'))} />
      </Card>
    </div>
  );
}
