/**
 * Chinese texts of the store, rentals, code delivery, money, tickets, mass SMS and report operations,
 * and the gateways' webhooks (see operations-zh-cn.ts).
 */
export const STORE_AND_DELIVERY_ZH_CN: Record<string, { summary: string; description?: string }> = {
  // 公开价格
  'GET /api/public/prices': { summary: '公开价格表：每个应用与国家的最低价格与库存水平' },
  // 购买号码
  'GET /api/store/availability': {
    summary: '某个应用在售的号码（新卡/旧卡）及各有效期的单价，按国家与运营商列出',
  },
  'POST /api/store/orders': {
    summary:
      '购买号码：号码的锁定、扣款与记录一起完成，否则什么都不发生（不扣费）。使用相同 Idempotency-Key 重试会返回同一订单。',
    description: [
      '请携带 `Idempotency-Key` 请求头（8-64 位字母、数字或 `_-:.`，每次购买一个）：超时后重试会返回同一订单，而不会重复购买。订单中的每个号码都有取码链接 token：用 `GET /api/code/{token}` 获取验证码。',
      '**错误**（均不扣费）：400 `INSUFFICIENT_BALANCE`、`STOCK_INSUFFICIENT`、`VALIDITY_STOCK_INSUFFICIENT`、`QUANTITY_ABOVE_MAX`、`PRICE_NOT_SET`、`STORE_CHOICE_UNAVAILABLE`；409 `IDEMPOTENCY_KEY_REUSED`（该键已用于另一笔购买）；503 `ORDER_FAILED`（请用同一个键重试）。',
    ].join('\n\n'),
  },
  // 订单
  'GET /api/orders': { summary: '我的短信与 API 订单，最新在前' },
  'GET /api/orders/export': { summary: '导出我符合筛选条件的订单（CSV）' },
  'GET /api/orders/{id}': { summary: '我的一个订单及其号码列表' },
  'GET /api/orders/{id}/phones': { summary: '我的一个订单的号码及其取码链接（TXT 或 CSV）' },
  'GET /api/admin/orders': { summary: '全部用户的订单，最新在前（管理员）' },
  'GET /api/admin/orders/export': { summary: '导出符合筛选条件的订单（CSV）' },
  'GET /api/admin/orders/{id}': { summary: '一个订单及其号码' },
  'GET /api/admin/orders/{id}/phones': { summary: '一个订单的号码及其取码链接（TXT 或 CSV）' },
  'POST /api/admin/orders/{id}/complete': { summary: '完成待处理的订单：其未结束的号码全部结束，不退款' },
  'POST /api/admin/orders/{id}/cancel': { summary: '取消待处理的订单：释放其号码，尚未退款的部分退款一次' },
  // 我的号码
  'GET /api/rentals': { summary: '我的号码：号码、应用、状态、到期时间、取码链接 token 与最新验证码' },
  'GET /api/rentals/{id}': { summary: '我的一个号码' },
  'POST /api/rentals/{id}/pause': { summary: '暂停：恢复前取码链接不返回验证码（状态为未激活）' },
  'POST /api/rentals/{id}/resume': { summary: '恢复已暂停的号码' },
  'POST /api/rentals/{id}/cancel': { summary: '取消未收到短信的激活（购买 2 分钟后才可取消）：退款一次' },
  'POST /api/rentals/{id}/another-sms': { summary: '激活：在同一号码上等待下一条短信' },
  'POST /api/rentals/{id}/finish': { summary: '结束：收到短信后的激活，或提前结束按天租用（不退款）' },
  'GET /api/admin/rentals': { summary: '全部号码租用（管理员）' },
  'POST /api/admin/rentals/{id}/suspend': { summary: '冻结号码：其取码链接不再返回验证码' },
  'POST /api/admin/rentals/{id}/unsuspend': { summary: '解除冻结（号码恢复为激活状态）' },
  // 续期
  'GET /api/renewals/choices': { summary: '在售的按天租用有效期（续期可增加的时长）及筛选用的应用' },
  'GET /api/renewals/rentals': { summary: '我现在可以续期的按天租用号码（激活或暂停中，且未过期）' },
  'POST /api/renewals/quote': { summary: '按所选有效期续期所选号码的价格，逐个号码及合计（不扣费）' },
  'POST /api/renewals': {
    summary:
      '续期号码：每个号码的到期时间延长所选有效期，扣费一次并记录，全部在一个事务内完成或都不发生。使用相同 Idempotency-Key 重试会返回同一续期。',
  },
  'GET /api/renewals': { summary: '我的续期记录，最新在前' },
  'GET /api/admin/renewals': { summary: '全部续期记录（管理员）' },
  'GET /api/admin/renewals/export': { summary: '导出符合筛选条件的续期记录（CSV）' },
  // 收码记录
  'GET /api/sms-history': { summary: '收码记录：我的号码收到的每条短信，最新在前' },
  'GET /api/sms-history/export': { summary: '导出我符合筛选条件的收码记录（CSV）' },
  'GET /api/sms-history/applications': { summary: '我租用过号码的应用（用于筛选收码记录）' },
  'GET /api/admin/sms-records': { summary: '全部已保存的短信（无论是否匹配到号码租用），最新在前' },
  'GET /api/admin/sms-records/export': { summary: '导出符合筛选条件的短信（CSV）' },
  'GET /api/admin/phone-usage-records': {
    summary: '号码使用记录：每次租用一行（谁为哪个应用使用了哪个号码，以及如何结束）',
  },
  'GET /api/admin/phone-usage-records/export': { summary: '导出符合筛选条件的号码使用记录（CSV）' },
  'GET /api/admin/sms-history/applications': { summary: '全部应用，含已停用的（用于筛选日志）' },
  // 号码转让
  'GET /api/transfers/rentals': { summary: '我可以转让的号码（激活或暂停中），可按号码或应用搜索' },
  'GET /api/transfers/untransferable': { summary: '我的号码中有多少不能转让及原因（激活码、被暂停的租用）' },
  'POST /api/transfers': {
    summary:
      '按用户名把号码转让给另一用户：更换所有者与 token（旧链接失效），生成一条记录。使用相同 Idempotency-Key 重试会返回同一转让。',
  },
  'GET /api/transfers': { summary: '我的转让记录（转出与转入），最新在前' },
  'GET /api/admin/transfers': { summary: '全部转让记录（管理员）；用户名匹配转出方或转入方' },
  'GET /api/admin/transfers/export': { summary: '导出符合筛选条件的转让记录（CSV）' },
  // 合并取码链接
  'GET /api/rental-groups': {
    summary: '我的合并链接（多个号码共用一个取码链接）：名称、号码数、token、创建时间',
  },
  'POST /api/rental-groups': {
    summary: '用我的 1 到 200 个号码创建合并链接；其 token 可用于 /api/code/:token',
  },
  'GET /api/rental-groups/rentals': { summary: '我可以加入合并链接的号码，可按号码或应用搜索' },
  'GET /api/rental-groups/{id}': { summary: '我的一个合并链接，含其号码及各号码的最新验证码' },
  'PUT /api/rental-groups/{id}': { summary: '重命名合并链接和/或设置其号码（提交完整列表：一次完成增删）' },
  'DELETE /api/rental-groups/{id}': { summary: '撤销（删除）合并链接；其中的号码不受影响' },
  'POST /api/rental-groups/{id}/token': { summary: '重新生成合并链接的 token：旧链接立即失效' },
  // 收信网关
  'GET /api/admin/gateways': { summary: '收信网关列表，含最近在线时间与今日收到 / 拒收数量' },
  'POST /api/admin/gateways': { summary: '添加网关；响应中包含其密钥，仅显示这一次' },
  'GET /api/admin/gateways/{id}': { summary: '一个网关' },
  'PUT /api/admin/gateways/{id}': { summary: '重命名、启用或停用网关，或修改其设置' },
  'DELETE /api/admin/gateways/{id}': { summary: '删除网关（其短信保留）' },
  'POST /api/admin/gateways/{id}/secret': { summary: '重新生成密钥（旧密钥立即失效）；仅显示这一次' },
  'GET /api/admin/test-sms/numbers': { summary: '包含所输入数字的库存号码，用于选择测试短信的号码' },
  'POST /api/admin/test-sms': {
    summary: '在库存号码上模拟收到一条短信（来源为“test”）；返回它到达的租用、所有者与验证码',
  },
  'GET /api/admin/gateways/{id}/smpp': { summary: 'SMPP 网关的绑定设置（不含密码）与实时状态' },
  'PUT /api/admin/gateways/{id}/smpp': {
    summary: '保存绑定设置（密码留空则保留原密码）；正在运行的绑定会重新连接',
  },
  'POST /api/admin/gateways/{id}/smpp/start': { summary: '启动连接：多个服务进程中只有一个绑定，其余待命' },
  'POST /api/admin/gateways/{id}/smpp/stop': { summary: '停止连接：解除绑定并保持停止' },
  // 上游供应商
  'GET /api/admin/upstream-providers': {
    summary: '上游供应商列表，含余额、每分钟请求与错误数、最近错误与进行中的激活',
  },
  'POST /api/upstream-webhooks/{providerId}/{secret}': {
    summary:
      '供应方的短信回调（sms-activate：JSON {activationId, service, text, code, country, receivedAt}）；地址最后一段即该供应方的密钥',
  },
  'POST /api/admin/upstream-providers': { summary: '添加上游供应商（API 密钥此后不再完整显示）' },
  'PUT /api/admin/upstream-providers/{id}': { summary: '修改上游供应商；不填 API 密钥则保留原密钥' },
  'POST /api/admin/upstream-providers/{id}/test': { summary: '测试供应商：余额与延迟，并重新读取其价格表' },
  'GET /api/admin/upstream-providers/{id}/mappings': {
    summary: '供应商的服务与国家代码及其映射（含未映射的）',
  },
  'PUT /api/admin/upstream-providers/{id}/mappings': { summary: '覆盖一条映射（null 表示恢复自动映射）' },
  'GET /api/admin/upstream-providers/{id}/state': {
    summary: '按（应用、国家）的成功率、成本、收入与毛利、最近的激活',
  },
  'GET /api/admin/upstream-providers/{id}/reconciliation': {
    summary: '供应商成本台账与其余额的对账：最近一次读数、净成本、差额及每个区间',
    description:
      '每次读取供应商余额（后台刷新、测试）都与我方成本台账在此期间可解释的变化（退款 − 付款）比较。无法解释的变化先与附近相反的变化相抵（时间差）；超过结算窗口仍剩余的部分才计入：负数计为差额（超过容差时告警），正数计为入账（充值）。金额以供应商币种计。',
  },
  // 号码代理（SIM 卡池，SMSHub 代理协议）
  'GET /api/admin/upstream-providers/{id}/price-rules': { summary: '供应商按应用和/或国家设置的价格规则' },
  'PUT /api/admin/upstream-providers/{id}/price-rules': {
    summary: '为某应用和/或国家设置加价（百分比、固定）和/或价格上限；同一对象的规则将被替换',
  },
  'DELETE /api/admin/upstream-providers/{id}/price-rules/{ruleId}': {
    summary: '删除一条价格规则（恢复供应商自身的条件）',
  },
  'GET /api/admin/finance/upstream-providers': {
    summary: '各上游供应商在期间内所购号码的成本、收入与毛利（USDT）',
  },
  'GET /api/admin/agents': {
    summary: '号码代理列表：最近轮询、延迟、错误、可用数量、进行中与已售激活、收到的短信与应付金额',
  },
  'POST /api/admin/agents': { summary: '添加号码代理（协议密钥此后不再完整显示）' },
  'PUT /api/admin/agents/{id}': { summary: '修改号码代理；不填协议密钥则保留原密钥' },
  'POST /api/admin/agents/{id}/test': { summary: '测试代理：立即发送 GET_SERVICES，返回延迟与其提供的号码' },
  'GET /api/admin/agents/{id}/mappings': { summary: '代理的国家、运营商与服务名称及其映射' },
  'PUT /api/admin/agents/{id}/mappings': { summary: '覆盖一条映射（null 表示恢复自动映射）' },
  'GET /api/admin/agents/{id}/state': { summary: '代理的可用数量、收益流水与最近的激活' },
  'POST /api/admin/agents/{id}/payouts': { summary: '记录一笔付给代理的款项（不超过应付金额）' },
  'POST /api/admin/agents/{id}/activations/{activationId}/not-again': {
    summary: 'FINISH_ACTIVATION 状态 1：代理不再为该服务提供这个号码',
  },
  'POST /api/agents/sms': {
    summary: 'SMSHub 代理协议的 PUSH_SMS：SIM 卡池代理推送一条收到的短信',
    description: [
      'SIM 卡池代理把收到的短信推送到这个地址（SMSHub 代理协议第 4 个请求，PUSH_SMS）。',
      '`POST` JSON 请求体（明文或 gzip，gzip 时带 `Content-Encoding: gzip`）：`{"action":"PUSH_SMS","key":"<协议密钥>","smsId":1,"phone":79281234567,"phoneFrom":"Vk","text":"VK: 33708"}`。`smsId` 与 `phone` 必须是 JSON 数字（号码带国家代码），`phoneFrom` 与 `text` 为字符串。',
      '短信保存后才返回 `{"status":"SUCCESS"}`（同一 smsId 再次推送仍返回 SUCCESS，只保存一次）；否则返回 `{"status":"ERROR","error":"..."}` 且不保存，代理每 10 秒重试直到 SUCCESS。不是该代理提供给我们的号码的短信会被确认但不保存。',
    ].join('\n\n'),
  },
  // 取码接口
  'GET /api/code/{token}': {
    summary: '公开取码链接：号码、订单或合并链接 token 的最新验证码，按所有者设置的格式返回',
    description: [
      '无需登录：token 本身就是凭证。返回格式由所有者在取码设置中选择（`format` 参数可覆盖）：`code` = 仅验证码（text/plain），`text` = 整条短信（text/plain），`json` = 下方的统一格式，每个号码含 `number`、`sender`、`text`、`code` 与 `time`（ISO 8601，带所有者时区的偏移）。只计入所有者时间窗口内的短信（带 `after` 时只计入其后收到的）。订单或合并链接的 token 在纯文本格式下每个号码一行：`<号码> <验证码或短信>`。',
      '**尚无验证码**：纯文本格式返回 `204 No Content`；JSON 格式中 `code: null`。',
      '**长轮询**：`wait=N`（1–60 秒）在短信到达时立即返回，否则 N 秒后返回“尚无验证码”。**限频**：按链接每分钟计（超出返回 `429` 并带 `Retry-After`）；请优先使用 `wait` 而不是频繁轮询。',
    ].join('\n\n'),
  },
  'GET /api/codes': {
    summary: '我的全部号码在 `since` 之后收到的短信（API 密钥放在 `X-API-Key` 请求头）',
    description:
      '按时间正序，最多 `limit` 条（默认 100）。`since` 默认为一小时前；下次请求把本次响应的 `until` 作为 `since`。用 `smsId` 识别短信。API 密钥见个人资料页面。',
  },
  // 取码设置
  'GET /api/code-settings': { summary: '我的取码设置：返回格式、时间窗口、时区、提取规则、Webhook' },
  'PUT /api/code-settings': {
    summary: '保存返回格式、时间窗口、时区与 Webhook 地址（null 或空表示不使用 Webhook）',
    description: [
      '**Webhook**：当一条带验证码的短信到达我的号码时，以 `POST` 发送 JSON `{"event": "code.received", "deliveryId", "smsId", "rentalId", "number", "application", "sender", "text", "code", "time"}`，并附请求头 `X-Jiema-Event`、`X-Jiema-Delivery`、`X-Jiema-Timestamp`（Unix 秒）与 `X-Jiema-Signature` = `sha256=` + 以 Webhook 密钥对 `<timestamp>.<原始请求体>` 计算的 HMAC-SHA256（小写十六进制）。请在几秒内（默认 5 秒）返回 2xx；否则按倍增的间隔重试（默认共 6 次）。用 `deliveryId` 识别推送。除非运营方允许，不接受内网与保留地址。推送记录见 `GET /api/code-settings/deliveries`；新密钥由 `POST /api/code-settings/webhook-secret` 生成。',
    ].join('\n\n'),
  },
  'POST /api/code-settings/webhook-secret': {
    summary: '生成新的 Webhook 签名密钥（旧密钥立即停止用于签名）',
  },
  'PUT /api/code-settings/patterns/{applicationId}': {
    summary: '设置我对某个应用的验证码提取规则（RE2 语法；第一个分组即验证码）',
  },
  'DELETE /api/code-settings/patterns/{applicationId}': { summary: '删除我对某个应用的提取规则' },
  'POST /api/code-settings/pattern-test': {
    summary: '用示例文本测试提取规则，匹配方式与真实收到的短信完全相同',
  },
  'GET /api/code-settings/deliveries': {
    summary: '我的 Webhook 推送记录，最新在前：状态、尝试次数、最近的 HTTP 状态或错误、下次重试时间',
  },
  // 实时事件
  'POST /api/events/ticket': { summary: '获取一次性票据（60 秒内有效），用于打开我的实时事件流' },
  'GET /api/events': {
    summary:
      '我的短信实时事件（Server-Sent Events：`event: sms`，数据为 `{rentalId, smsId}`）；`ticket` 来自 POST /api/events/ticket',
    description:
      '事件：连接打开后发送一次 `ready`；我的号码每收到一条短信发送一次 `sms`；可能有事件遗漏时发送 `resync`（请重新加载所显示的数据）。每 15 秒发送一行注释，防止代理断开连接。',
  },
  // 充值
  'GET /api/recharge': { summary: '我的充值地址（首次访问时从地址池分配）、充值规则及未完成的充值单' },
  'GET /api/recharge/deposits': { summary: '我的充值及其状态（已发现、确认中、已入账），最新在前' },
  'POST /api/recharge/orders': { summary: '地址池没有可分配给我的地址时：在共用地址上预留一个唯一金额' },
  'POST /api/recharge/orders/{id}/cancel': {
    summary: '取消我未完成的充值单（之后按该金额的付款需等待管理员处理）',
  },
  'GET /api/admin/deposits': { summary: '链上发现的全部充值（充值日志）：可按状态、关键词、用户与日期筛选' },
  'GET /api/admin/deposits/export': { summary: '导出符合筛选条件的充值（CSV）' },
  'POST /api/admin/deposits/{id}/attach': {
    summary: '把未匹配的充值入账给某个用户（只能一次；记入审计日志）',
  },
  'GET /api/admin/deposits/watcher': { summary: '链上监听的运行状况：最近扫描、延迟、错误' },
  'GET /api/admin/deposits/hd-wallet': {
    summary: '新充值地址的来源：地址池或扩展公钥（服务器从不保存私钥）',
  },
  // 工单
  'POST /api/tickets': {
    summary:
      '提交工单：类型、标题、描述、优先级（普通或紧急），以表单字段或 JSON 提交；可在 `files` 中附最多 5 张 JPG、PNG 或 WebP 图片，每张最大 500 KB，按文件内容校验',
  },
  'GET /api/tickets': { summary: '我的工单，最新在前，含状态、最新回复与未读回复' },
  'GET /api/tickets/unread': { summary: '客服回复与状态变化中我未读的数量（菜单角标）' },
  'GET /api/tickets/{id}': { summary: '我的一个工单及其对话；标记为已读' },
  'POST /api/tickets/{id}/replies': {
    summary:
      '回复我的工单：内容（1-1000 字）以表单字段或 JSON 提交；可在 `files` 中附最多 5 张 JPG、PNG 或 WebP 图片，每张最大 500 KB，按文件内容校验',
  },
  'POST /api/tickets/{id}/rating': { summary: '为我已完成的工单评分 1-5 并留下反馈，只能一次' },
  'POST /api/tickets/{id}/reopen': { summary: '在重新打开期限内，重新打开我已完成且未评分的工单' },
  'GET /api/tickets/{id}/files/{fileId}': { summary: '我的工单中的一张图片' },
  // 工单处理
  'GET /api/admin/tickets': {
    summary: '工单队列：可按状态、优先级、类型、处理人、客户、关键词、日期、是否超时筛选',
  },
  'GET /api/admin/tickets/export': { summary: '导出筛选出的工单（CSV）' },
  'GET /api/admin/tickets/unread': { summary: '尚无客服人员读过的客户消息' },
  'GET /api/admin/tickets/sla': { summary: '各优先级的服务时限及工单的达标情况' },
  'GET /api/admin/tickets/staff': { summary: '可被指派工单的人员（拥有 admin:ticket:reply 权限者）' },
  'GET /api/admin/tickets/{id}': { summary: '一个工单及其完整对话（含内部备注）；标记为已读' },
  'GET /api/admin/tickets/{id}/files/{fileId}': { summary: '某个工单中的一张图片' },
  'PUT /api/admin/tickets/{id}/assignee': { summary: '指派（或取消指派）处理人' },
  'PUT /api/admin/tickets/{id}/status': { summary: '修改状态：待处理 → 处理中 → 已完成，或 → 已关闭' },
  'PUT /api/admin/tickets/{id}/priority': { summary: '修改优先级' },
  'POST /api/admin/tickets/{id}/replies': {
    summary: '回复客户（内容 1-1000 字；图片以 multipart 的 `files` 上传）',
  },
  'POST /api/admin/tickets/{id}/remarks': { summary: '添加内部备注（客户永远看不到）' },
  // 短信模板
  'GET /api/sms/templates': { summary: '我的短信模板（状态、关键词；分页、可排序）' },
  'POST /api/sms/templates': { summary: '创建短信模板；创建后等待审核（待审核）' },
  'GET /api/sms/templates/{id}': { summary: '我的一个短信模板' },
  'PUT /api/sms/templates/{id}': { summary: '修改我的短信模板；修改后重新进入待审核' },
  'DELETE /api/sms/templates/{id}': { summary: '删除我的短信模板' },
  'GET /api/admin/sms/templates': {
    summary: '全部用户的短信模板，供审核（状态、关键词、用户名；分页、可排序）',
  },
  'POST /api/admin/sms/templates/{id}/approve': { summary: '通过待审核的短信模板（之后即可用于发送）' },
  'POST /api/admin/sms/templates/{id}/reject': { summary: '驳回待审核的短信模板，并附所有者可见的原因' },
  // 群发短信
  'POST /api/mass-sms/preview': {
    summary: '确认发送前的检查：规范化后的收件人、无效与重复的行、计费条数与费用；不保存也不扣费',
  },
  'POST /api/mass-sms/campaigns': {
    summary: '确认发送：发送单进入队列并扣费（先用免费条数）；相同 requestKey 返回同一发送单',
  },
  'GET /api/mass-sms/campaigns': { summary: '我的发送单，含各状态数量与进度' },
  'GET /api/mass-sms/campaigns/{id}': { summary: '一个发送单' },
  'POST /api/mass-sms/campaigns/{id}/pause': { summary: '暂停发送单' },
  'POST /api/mass-sms/campaigns/{id}/resume': { summary: '继续发送单' },
  'POST /api/mass-sms/campaigns/{id}/cancel': { summary: '取消：尚未提交的短信记为失败并退款' },
  'GET /api/mass-sms/campaigns/{id}/export': { summary: '导出发送单的短信（CSV）' },
  'GET /api/mass-sms/messages': { summary: '发送记录：每条短信的状态、通道、时间与错误' },
  'GET /api/mass-sms/messages/export': { summary: '导出筛选出的短信（CSV）' },
  'GET /api/mass-sms/quota': { summary: '套餐、剩余免费条数、每日与每月限额及用量、每日用量' },
  'PUT /api/admin/mass-sms/users/{userId}/plan': { summary: '设置用户的群发套餐与限额（记入审计日志）' },
  'POST /api/mass-sms/status/{id}': {
    summary:
      '网关回传的发送状态：SMS Gateway for Android 的 sms:sent/sms:delivered/sms:failed（X-Signature、X-Timestamp），或 HTTP 通道的 JSON {reference|id, status, error}（附 Bearer token）',
  },
  // 群发通道
  'GET /api/admin/mass-sms/connectors': { summary: '发送通道列表，含实时状态与最近 24 小时的数量' },
  'POST /api/admin/mass-sms/connectors': { summary: '添加通道（smpp / android / http）' },
  'GET /api/admin/mass-sms/connectors/{id}': { summary: '一个通道' },
  'PUT /api/admin/mass-sms/connectors/{id}': { summary: '修改通道（密钥留空则保持不变）' },
  'DELETE /api/admin/mass-sms/connectors/{id}': { summary: '删除通道' },
  'POST /api/admin/mass-sms/connectors/{id}/test': {
    summary: '通过该通道发送一条测试短信（不进队列，不计费）',
  },
  // 统计报表
  'GET /api/dashboard/overview': { summary: '控制台首页：我的余额、号码与验证码；管理员另有今日业务数据' },
  'GET /api/reports/statistics': { summary: '一段时间内每天的收入、订单、退款、短信数与取码成功率' },
  'GET /api/reports/statistics/export': { summary: '导出一段时间的统计报表（CSV）' },
  'GET /api/reports/login-analysis': { summary: '一段时间内每天的登录次数、主要地区、最活跃用户与可疑行为' },
  'GET /api/reports/registration-analysis': {
    summary: '一段时间内每天的注册数（按来源与地区）及消费最多的用户',
  },
  'GET /api/admin/setup-checklist': {
    summary: '开始首笔销售所需的准备是否就绪：国家、应用、价格、库存、网关、充值地址池',
  },
  // 兼容接口设置
  'GET /api/compat/settings': { summary: '我的 sms-activate / 5sim 兼容接口设置' },
  'PUT /api/compat/settings': {
    summary: '设置（或以空字符串清除）按 sms-activate Webhook 格式推送短信的地址',
  },
  // 收信网关推送
  ...Object.fromEntries(
    ['POST', 'GET'].map((method) => [
      `${method} /api/inbound/{gatewayId}`,
      {
        summary: '网关的收信 Webhook（SMS Gateway for Android、textbee、通用 JSON、Jasmin、Kannel）',
        description: [
          '网关把收到的短信推送到这个地址。',
          '**通用 JSON（本平台格式）**：`POST`，`Content-Type: application/json`，请求体 `{"id": "<短信的唯一编号>", "to": "+79991234567", "from": "Telegram", "text": "Telegram code: 12345", "receivedAt": "2026-11-23T10:00:00Z", "voice": false}`（`receivedAt` 与 `voice` 可选；`voice: true` 表示语音来电的转写文本，用于语音订单）。请求头：`X-Timestamp` = Unix 秒（误差不超过 ±300 秒），`X-Signature` = 以网关密钥对“原始请求体 + X-Timestamp”计算的 HMAC-SHA256（小写十六进制）。同一 `id` 重复推送只保存一次。只有短信保存成功后才返回 200 `{"code":200,"data":{"id":..,"duplicate":false}}`。',
          '**SMS Gateway for Android**（`sms:received`，签名方式相同）、**textbee**（`MESSAGE_RECEIVED`，`X-Signature` = 请求体的 HMAC-SHA256）、**Jasmin** HTTP MO 与 **Kannel** get-url（GET 或表单 POST；密钥放在 `?secret=` 或 `X-Gateway-Secret` 请求头；Jasmin 收到 `ACK/Jasmin` 应答）。出错时返回 4xx 并说明原因（签名、时间戳、网关已停用、请求体格式错误），不保存任何内容。',
        ].join('\n\n'),
      },
    ]),
  ),
};
