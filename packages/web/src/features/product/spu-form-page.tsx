import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  MAX_STOCK,
  SPU_SPEC_TYPE,
  SPU_STATUS,
  productPropertyValueList,
  productSpuCreate,
  productSpuDetailGet,
  productSpuPage,
  productSpuUpdate,
} from '@app/contract';
import type { ProductPropertyAndValues, ProductSpuCreateReq, ProductSpuDetail } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Radio, Result, Skeleton, Space, Switch, Tabs } from 'antd';
import type { FormRule } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTabs, useUnsavedChanges } from '../../layout/tags-view';
import { invalidateEndpoints, queryKey, required, textField, useCan } from '../../shared/crud';
import { errorMessageOf, request } from '../../shared/request';
import type { RichTextEditorProps } from '../../shared/ui/rich-text-editor';
import { buildSkuRows, fromDetail, toSkuRequests } from './sku-matrix';
import type { SkuRow } from './sku-matrix';
import { BrandSelect, CategoryCascader, DeliveryTemplateSelect } from './spu-inputs';
import { PictureWall, VideoUpload } from './spu-media';
import { SPU_LIST_PATH } from './spu-paths';
import { SkuEditor } from './spu-sku-editor';
import type { SkuEditorApi } from './spu-sku-editor';
import './spu.css';

// Tiptap is large: only this page's chunk asks for it, and only once the page shows.
const RichTextEditor = lazy(() => import('../../shared/ui/rich-text-editor'));

function DescriptionInput(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

interface Values {
  name: string;
  sellPoint?: string | null;
  code?: string | null;
  picUrls: string[];
  videoUrl?: string | null;
  brandId?: number | null;
  deliveryTemplateId?: number | null;
  categoryId?: number | null;
  status?: number;
  multiSpec: boolean;
  virtualSalesCount?: number | null;
  description: string;
  sort?: number | null;
  showStock: boolean;
}

type TabKey = 'basic' | 'price' | 'detail' | 'advanced';
const TAB_ORDER: readonly TabKey[] = ['basic', 'price', 'detail', 'advanced'];
/** The tab of each field, so that 确认 shows the first tab with a problem. */
const TAB_OF: Partial<Record<keyof Values, TabKey>> = {
  multiSpec: 'price',
  virtualSalesCount: 'price',
  description: 'detail',
  sort: 'advanced',
  showStock: 'advanced',
};

/** 添加商品 (/spu/add) and 修改商品 (/spu/edit/:spuId, digits only): one SPU with its SKUs. */
export default function SpuFormPage() {
  const { spuId } = useParams();
  if (spuId !== undefined && !/^\d+$/.test(spuId)) return <Navigate to="/404" replace />;
  const id = spuId === undefined ? null : Number(spuId);
  return <SpuLoader key={spuId ?? 'add'} spuId={id} />;
}

function SpuLoader({ spuId }: { spuId: number | null }) {
  const tabs = useTabs();
  const properties = useQuery({
    queryKey: queryKey(productPropertyValueList),
    queryFn: () => request(productPropertyValueList),
    staleTime: 0,
  });
  const detail = useQuery({
    queryKey: queryKey(productSpuDetailGet, { id: spuId }),
    queryFn: () => request(productSpuDetailGet, { query: { id: spuId ?? 0 } }),
    enabled: spuId !== null,
    staleTime: 0,
  });
  const failed = properties.error ?? detail.error;
  if (failed)
    return (
      <div className="spu-form">
        <Result
          status="error"
          title="商品加载失败"
          subTitle={errorMessageOf(failed)}
          extra={
            <Space>
              <Button
                type="primary"
                onClick={() => void Promise.all([properties.refetch(), spuId !== null && detail.refetch()])}
              >
                重试
              </Button>
              <Button onClick={() => tabs.closeAndOpen(SPU_LIST_PATH)}>返回</Button>
            </Space>
          }
        />
      </div>
    );
  if (!properties.data || (spuId !== null && !detail.data))
    return (
      <div className="spu-form">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  return <SpuForm detail={detail.data ?? null} properties={properties.data} />;
}

/** The form's values of a saved SPU, or a new one's defaults (放入仓库, 单规格, 展示库存). */
function toValues(detail: ProductSpuDetail | null): Partial<Values> {
  if (!detail)
    return {
      picUrls: [],
      status: SPU_STATUS.DISABLE,
      multiSpec: false,
      virtualSalesCount: 0,
      sort: 0,
      showStock: true,
      description: '',
    };
  return {
    name: detail.name,
    sellPoint: detail.sellPoint,
    code: detail.code,
    picUrls: detail.picUrls,
    videoUrl: detail.videoUrl,
    brandId: detail.brandId,
    deliveryTemplateId: detail.deliveryTemplateId,
    categoryId: detail.categoryId,
    // One in the recycle bin chooses again whether it goes on sale.
    status: detail.status === SPU_STATUS.RECYCLE ? undefined : detail.status,
    multiSpec: detail.specType === SPU_SPEC_TYPE.MULTIPLE,
    virtualSalesCount: detail.virtualSalesCount,
    description: detail.description,
    sort: detail.sort,
    showStock: detail.showStock,
  };
}

const text = (value: string | null | undefined) => value?.trim() || null;

function toBody(values: Values, multi: boolean, rows: readonly SkuRow[]): ProductSpuCreateReq {
  const name = values.name.trim();
  return {
    name,
    code: text(values.code),
    sellPoint: text(values.sellPoint),
    categoryId: values.categoryId ?? 0,
    brandId: values.brandId ?? 0,
    deliveryTemplateId: values.deliveryTemplateId ?? null,
    picUrls: values.picUrls,
    videoUrl: text(values.videoUrl),
    sort: values.sort ?? 0,
    description: values.description,
    status: values.status ?? SPU_STATUS.DISABLE,
    specType: multi ? SPU_SPEC_TYPE.MULTIPLE : SPU_SPEC_TYPE.SINGLE,
    showStock: values.showStock,
    virtualSalesCount: values.virtualSalesCount ?? 0,
    skus: toSkuRequests(rows, name),
  };
}

/** The server's test of a description: some text, or an image or a video. */
const hasContent = (html: string | undefined) =>
  !!html && (html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '' || /<(img|video)\b/i.test(html));

const PICTURE_RULES: FormRule[] = [{ required: true, type: 'array', min: 1, message: '商品主图不能为空' }];
const DESCRIPTION_RULES: FormRule[] = [
  {
    required: true,
    validator: async (_, value: string | undefined) => {
      if (!hasContent(value)) throw new Error('描述不能为空');
    },
  },
];

function SpuForm({
  detail,
  properties,
}: {
  detail: ProductSpuDetail | null;
  properties: readonly ProductPropertyAndValues[];
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const tabs = useTabs();
  const guard = useUnsavedChanges();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<TabKey>('basic');
  const skus = useRef<SkuEditorApi>(null);
  const [initialValues] = useState(() => toValues(detail));
  const [initialSkus] = useState(() =>
    detail ? fromDetail(detail) : { multi: false, chosen: [], rows: buildSkuRows([], []) },
  );
  const canSave = useCan(detail ? productSpuUpdate : productSpuCreate);
  const save = useMutation({
    mutationFn: (body: ProductSpuCreateReq): Promise<unknown> =>
      detail
        ? request(productSpuUpdate, { body: { ...body, id: detail.id } })
        : request(productSpuCreate, { body }),
  });

  const back = () => tabs.closeAndOpen(SPU_LIST_PATH);
  const submit = async () => {
    const failed = new Set<TabKey>();
    try {
      await form.validateFields();
    } catch (error) {
      for (const field of (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [])
        failed.add(TAB_OF[field.name[0] as keyof Values] ?? 'basic');
    }
    if (!skus.current?.check()) failed.add('price');
    const first = TAB_ORDER.find((key) => failed.has(key));
    if (first) {
      setTab(first);
      void message.error('表单校验未通过，请重新检查提交内容');
      return;
    }
    const { multi, rows } = skus.current!.result();
    await save.mutateAsync(toBody(form.getFieldsValue(true) as Values, multi, rows));
    void message.success(detail ? '修改成功' : '新增成功');
    await invalidateEndpoints(client, productSpuPage);
    guard.release(back);
  };

  // Every tab renders from the start, so that 确认 checks the fields of all four.
  const items = [
    {
      key: 'basic',
      label: '基础设置',
      forceRender: true,
      children: (
        <div className="spu-form-fields">
          {textField('商品名称', 'name', 128)}
          {textField('促销语', 'sellPoint', 128, { optional: true })}
          {textField('商品编码', 'code', 64, { optional: true })}
          <Form.Item label="商品主图" name="picUrls" rules={PICTURE_RULES}>
            <PictureWall />
          </Form.Item>
          <Form.Item label="商品视频" name="videoUrl">
            <VideoUpload />
          </Form.Item>
          <Form.Item label="商品品牌" name="brandId" rules={required('商品品牌')}>
            <BrandSelect style={{ width: 320 }} />
          </Form.Item>
          <Form.Item
            label="商品分类"
            name="categoryId"
            rules={required('商品分类')}
            extra="商品只能放在二级分类下"
          >
            <CategoryCascader forProduct style={{ width: 320 }} />
          </Form.Item>
          <Form.Item label="运费模板" name="deliveryTemplateId" extra="按模板计算运费；不选则包邮">
            <DeliveryTemplateSelect style={{ width: 320 }} />
          </Form.Item>
          <Form.Item label="是否上架" name="status" rules={required('是否上架')}>
            <Radio.Group
              options={[
                { value: SPU_STATUS.ENABLE, label: '立即上架' },
                { value: SPU_STATUS.DISABLE, label: '放入仓库' },
              ]}
            />
          </Form.Item>
        </div>
      ),
    },
    {
      key: 'price',
      label: '价格库存',
      forceRender: true,
      children: (
        <>
          <Form.Item label="启用多规格" name="multiSpec" valuePropName="checked">
            <Switch />
          </Form.Item>
          <SkuEditor ref={skus} properties={properties} initial={initialSkus} onDirty={guard.markDirty} />
          <Form.Item label="虚拟销量" name="virtualSalesCount" rules={required('虚拟销量')}>
            <InputNumber<number>
              min={0}
              max={MAX_STOCK}
              precision={0}
              placeholder="请输入虚拟销量"
              style={{ width: 200 }}
            />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'detail',
      label: '商品详情',
      forceRender: true,
      children: (
        <Form.Item label="商品详情" name="description" rules={DESCRIPTION_RULES}>
          <DescriptionInput aria-label="商品详情" />
        </Form.Item>
      ),
    },
    {
      key: 'advanced',
      label: '高级设置',
      forceRender: true,
      children: (
        <div className="spu-form-fields">
          <Form.Item label="排序字段" name="sort">
            <InputNumber<number>
              min={0}
              max={MAX_STOCK}
              precision={0}
              placeholder="请输入排序字段"
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item label="是否展示库存" name="showStock" rules={required('是否展示库存')}>
            <Radio.Group
              options={[
                { value: true, label: '是' },
                { value: false, label: '否' },
              ]}
            />
          </Form.Item>
        </div>
      ),
    },
  ];

  return (
    <div className="spu-form">
      <Form
        form={form}
        name="spu-form"
        initialValues={initialValues}
        labelCol={{ flex: '120px' }}
        onValuesChange={guard.markDirty}
      >
        <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)} items={items} />
      </Form>
      <Space className="spu-form-actions">
        <Button icon={<CloseOutlined />} onClick={() => guard.leave(back)}>
          取消
        </Button>
        {canSave && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={save.isPending}
            onClick={() => void submit().catch(() => {})}
          >
            确认
          </Button>
        )}
      </Space>
    </div>
  );
}
