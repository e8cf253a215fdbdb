import { APPEAL_CATEGORIES, APPEAL_PROOF_RULES, type AppealCategory, ZAppealSubmit } from '@shetuan/shared/appeals';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AuthShell } from '../../platform/auth/components/AuthShell';
import { FormSelect } from '../../platform/components/form-controls';
import { FileUpload } from '../../platform/files/FileUpload';
import type { UploadedFile } from '../../platform/files/types';
import { PhoneVerification, type PhoneVerificationValue } from '../../platform/phone/PhoneVerification';
import { fieldRules } from '../../platform/resource/rules';
import { appealPaths, appealsApi } from './api';

interface Values {
  name: string;
  phone: PhoneVerificationValue;
  idNumber: string;
  category: AppealCategory;
  description: string;
  proofs: UploadedFile[];
  contact: string;
}

const CATEGORY_OPTIONS = Object.entries(APPEAL_CATEGORIES).map(([value, label]) => ({ value, label }));

/**
 * /customerComplain (人工申诉): someone who cannot log in asks staff for help, without a login. The
 * phone is proved by an SMS code (the result is sent to it), the proofs go through the files
 * service's checks as this page's own uploads, and submitting answers the query number to keep.
 */
export default function AppealSubmitPage() {
  const [form] = Form.useForm<Values>();
  // This page's key: the server attaches only its own uploads to its submission.
  const deviceKey = useMemo(() => `appeal-${crypto.randomUUID()}`, []);
  const [busy, setBusy] = useState(false);
  const [number, setNumber] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const res = await appealsApi.submit({
        name: values.name,
        phoneNumber: values.phone.phoneNumber,
        phoneToken: values.phone.phoneToken ?? '',
        idNumber: values.idNumber,
        category: values.category,
        description: values.description,
        proofIds: values.proofs.map((f) => f.id),
        contact: values.contact ?? '',
        deviceKey,
      });
      setNumber(res.number);
    } finally {
      setBusy(false);
    }
  };

  if (number) {
    return (
      <AuthShell title="人工申诉" width={640}>
        <Result
          status="success"
          title="申诉已提交"
          subTitle="工作人员核实后会尽快处理，处理结果将以短信通知您。请牢记申诉编号，可凭编号和手机号查询进度。"
          extra={[
            <Typography.Paragraph key="no" copyable={{ text: number }} style={{ fontSize: 18 }}>
              申诉编号：<Typography.Text strong>{number}</Typography.Text>
            </Typography.Paragraph>,
            <Link key="look" to={`/appealDetail?number=${number}`}>
              <Button type="primary">查询处理进度</Button>
            </Link>,
            <Link key="login" to="/login">
              <Button>返回登录</Button>
            </Link>,
          ]}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell title="人工申诉" width={640}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="无法登录（手机号停用、账号被锁定等）时，可提交人工申诉。请如实填写并上传身份证明，工作人员核实后处理。"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ proofs: [], contact: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="name" label="姓名" rules={fieldRules(ZAppealSubmit, 'name')}>
          <Input maxLength={30} placeholder="请填写账号的实名" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          required
          extra="处理结果将发送到此手机号，请先验证"
          rules={[
            {
              validator: async (_, v?: PhoneVerificationValue) => {
                if (!v?.phoneNumber) throw new Error('请输入手机号');
                if (!v.phoneToken) throw new Error('请先验证手机号');
              },
            },
          ]}
        >
          <PhoneVerification />
        </Form.Item>
        <Form.Item name="idNumber" label="身份证号" rules={fieldRules(ZAppealSubmit, 'idNumber')}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="category" label="遇到的问题" rules={fieldRules(ZAppealSubmit, 'category')}>
          <FormSelect options={CATEGORY_OPTIONS} placeholder="请选择" />
        </Form.Item>
        <Form.Item name="description" label="问题描述" rules={fieldRules(ZAppealSubmit, 'description')}>
          <Input.TextArea
            rows={4}
            maxLength={1000}
            showCount
            placeholder="请说明发生了什么、原来使用的手机号或账号等，便于工作人员核实"
          />
        </Form.Item>
        <Form.Item
          name="proofs"
          label="证明材料"
          required
          extra="如身份证正反面照片、单位证明等"
          rules={[
            {
              validator: async (_, v?: UploadedFile[]) =>
                v?.length ? undefined : Promise.reject(new Error('请上传证明材料')),
            },
          ]}
        >
          <FileUpload
            accept={APPEAL_PROOF_RULES.accept}
            maxSizeMB={APPEAL_PROOF_RULES.maxSizeMB}
            maxCount={APPEAL_PROOF_RULES.maxCount}
            uploadTo={{ path: appealPaths.upload, fields: { deviceKey } }}
          />
        </Form.Item>
        <Form.Item name="contact" label="其他联系方式" rules={fieldRules(ZAppealSubmit, 'contact')}>
          <Input maxLength={50} placeholder="选填：邮箱、座机等" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          提交申诉
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/appealDetail">查询申诉进度</Link>
        <Link to="/login">返回登录</Link>
      </div>
    </AuthShell>
  );
}
