/** Chinese texts of the account, catalogue and administration operations (see operations-zh-cn.ts). */
export const ACCOUNT_AND_ADMIN_ZH_CN: Record<string, { summary: string; description?: string }> = {
  // 登录与账户
  'POST /auth/login': {
    summary: '用用户名或邮箱、密码和验证码登录，返回 Bearer token',
    description: [
      '验证码（除非站点关闭了验证码）：`GET /auth/code` 返回 `challenge`、`salt`、`maxNumber` 与 `key`；找出 0 到 `maxNumber` 之间使 `salt + n` 的 SHA-256（小写十六进制）等于 `challenge` 的数字 n，然后把 `key` 作为 `captchaKey`、n 作为 `captchaCode` 提交。之后的请求在 `Authorization: Bearer <token>` 中携带响应里的 token。',
      '**错误**：400 `INVALID_CREDENTIALS`（用户名或密码错误）、400 `CAPTCHA_INVALID`（解答错误、已使用或已过期：请重新获取题目）、403 `ACCOUNT_DISABLED`、同一 IP 尝试次数过多时 429 `RATE_LIMITED` 并带 `Retry-After`。',
    ].join('\n\n'),
  },
  'GET /auth/info': { summary: '当前登录用户：资料、余额、用户类型与角色' },
  'GET /auth/code': {
    summary: '获取一道新的工作量证明验证码题目；每个解答限时有效且只能使用一次（按 IP 限频）',
  },
  'POST /api/authSms/register': { summary: '注册客户账户（用户类型 2）；回答中带有它的第一个会话令牌' },
  'POST /api/authSms/logout': { summary: '立即注销当前会话' },
  'GET /api/auth/mail': { summary: '本站是否发送邮件（密码重置与邮箱验证链接）' },
  'POST /api/auth/password-reset': {
    summary: '向该邮箱发送密码重置链接（若属于某个账户）；无论是否存在，响应都相同',
  },
  'POST /api/auth/password-reset/confirm': { summary: '用邮件中的链接设置新密码；该账户的所有会话随即结束' },
  'POST /api/user/email-verification': { summary: '向我的邮箱发送验证链接' },
  'POST /api/auth/email-verification/confirm': { summary: '用邮件中的链接确认邮箱' },
  // 权限与菜单
  'GET /api/system/user-roles/current': { summary: '当前用户的类型、角色与实际拥有的权限' },
  'GET /api/menus/user-menus': { summary: '当前用户可见的菜单树，每项附其权限标识' },
  // 个人资料
  'PUT /api/user/profile': { summary: '修改昵称、邮箱与头像地址' },
  'POST /api/user/avatar': { summary: '上传头像（PNG、JPEG、GIF 或 WebP，按文件内容校验，最大 512 KB）' },
  'PUT /api/user/password': { summary: '修改密码（校验旧密码；其他会话全部注销）' },
  'POST /api/user/api-key': { summary: '重新生成 API 密钥（旧密钥立即失效）' },
  'GET /api/files/{id}': { summary: '已上传的图片（头像）' },
  // 国家
  'GET /api/admin/countries': {
    summary: '国家列表（分页）；可按代码、名称、区号、5sim 标识或 sms-activate 编号搜索',
  },
  'POST /api/admin/countries': { summary: '添加国家（同时创建其“any”运营商）' },
  'GET /api/admin/countries/export': { summary: '导出符合筛选条件的国家（CSV）' },
  'PUT /api/admin/countries/{code}': {
    summary: '修改国家：只修改提交的字段（名称、区号、编号、启用状态、排序）',
  },
  'DELETE /api/admin/countries/{code}': { summary: '删除国家及其运营商和价格规则（有号码或订单在用时拒绝）' },
  'POST /api/admin/countries/batch-status': { summary: '批量启用或停用国家' },
  // 运营商
  'GET /api/admin/operators': { summary: '运营商列表（分页）；可按国家筛选，按代码、名称或 5sim 标识搜索' },
  'POST /api/admin/operators': { summary: '为某个国家添加运营商' },
  'GET /api/admin/operators/export': { summary: '导出符合筛选条件的运营商（CSV）' },
  'PUT /api/admin/operators/{id}': { summary: '修改运营商：只修改提交的字段（“any”运营商的代码不可改）' },
  'DELETE /api/admin/operators/{id}': {
    summary: '删除运营商及其价格规则（不能删除“any”；有号码或订单在用时拒绝）',
  },
  // 应用
  'GET /api/admin/applications': { summary: '应用列表（分页）；可按代码、名称或 5sim 产品搜索' },
  'POST /api/admin/applications': { summary: '添加应用（匹配规则为 JavaScript 正则表达式，不区分大小写）' },
  'GET /api/admin/applications/export': { summary: '导出符合筛选条件的应用（CSV）' },
  'POST /api/admin/applications/test-patterns': {
    summary: '用示例短信测试发送方、关键词与验证码规则：是否归属该应用、提取出的验证码',
  },
  'PUT /api/admin/applications/{id}': { summary: '修改应用：只修改提交的字段' },
  'DELETE /api/admin/applications/{id}': { summary: '删除应用及其价格规则（有号码或订单在用时拒绝）' },
  'POST /api/admin/applications/{id}/icon': {
    summary: '上传应用图标（PNG、JPEG、GIF 或 WebP，按文件内容校验，最大 256 KB）',
  },
  // 有效期与价格规则
  'GET /api/admin/catalog-options': {
    summary: '全部国家、应用与有效期选项（含已停用的），供价格规则下拉选择',
  },
  'GET /api/admin/validity-options': { summary: '有效期选项列表（分页）：N 分钟的激活、N 天的租用' },
  'POST /api/admin/validity-options': { summary: '添加有效期选项（时长以分钟计）' },
  'PUT /api/admin/validity-options/{id}': { summary: '修改有效期选项：只修改提交的字段' },
  'DELETE /api/admin/validity-options/{id}': { summary: '删除有效期选项及其价格规则（有订单在用时拒绝）' },
  'GET /api/admin/price-rules': {
    summary: '价格规则列表（分页）；可按应用、国家、运营商（`any` 即默认规则）、卡类型、有效期筛选',
  },
  'POST /api/admin/price-rules': { summary: '添加价格规则（应用、国家或运营商为 null 表示任意）' },
  'GET /api/admin/price-rules/export': { summary: '导出符合筛选条件的价格规则（CSV）' },
  'GET /api/admin/price-rules/resolve': {
    summary: '一次购买实际支付的价格及其来源规则（运营商 > 国家 > 应用 > 默认）',
  },
  'POST /api/admin/price-rules/bulk-edit': {
    summary: '一次性修改筛选命中的全部规则：按百分比（保留 6 位小数）或改为固定价格',
  },
  'PUT /api/admin/price-rules/{id}': { summary: '修改价格规则：只修改提交的字段' },
  'DELETE /api/admin/price-rules/{id}': { summary: '删除价格规则' },
  // 商品目录
  'GET /api/catalog/countries': { summary: '已启用的国家，按显示顺序' },
  'GET /api/catalog/countries/{code}/operators': {
    summary: '已启用国家下已启用的运营商（“any”在最前）；国家不存在或已停用时为空',
  },
  'GET /api/catalog/applications': { summary: '已启用的应用，按显示顺序' },
  'GET /api/catalog/validity-options': { summary: '已启用的有效期选项（激活分钟数、租用天数）' },
  'GET /api/catalog/price': {
    summary: '按应用、国家（运营商）、卡类型与有效期查询单个号码的价格；null 表示未定价',
  },
  // TRON 收款地址
  'GET /api/admin/tron-addresses': {
    summary: 'TRON 收款地址列表（搜索、启用状态、是否已分配；分页、可排序）',
  },
  'POST /api/admin/tron-addresses': { summary: '添加收款地址（校验 base58check，不可重复）' },
  'GET /api/admin/tron-addresses/export': { summary: '导出符合筛选条件的 TRON 地址（CSV）' },
  'PUT /api/admin/tron-addresses/{id}': { summary: '修改地址（地址本身仅在未分配给用户时可改）' },
  'DELETE /api/admin/tron-addresses/{id}': { summary: '删除从未分配给用户的地址' },
  'PUT /api/admin/tron-addresses/{id}/enabled': { summary: '启用或停用地址（停用的地址不再分配给新用户）' },
  // 联系方式
  'GET /api/contacts': { summary: '已启用的联系方式，按显示顺序（公开）' },
  'GET /api/admin/contacts': { summary: '联系方式列表（类型、关键词；分页、可排序）' },
  'POST /api/admin/contacts': { summary: '添加联系方式' },
  'PUT /api/admin/contacts/{id}': { summary: '修改联系方式' },
  'DELETE /api/admin/contacts/{id}': { summary: '删除联系方式' },
  'PUT /api/admin/contacts/{id}/enabled': { summary: '在联系页面显示或隐藏某个联系方式' },
  // 广告
  'GET /api/ads': { summary: '某个广告位当前投放中的广告，按调用者的语言（公开）' },
  'GET /api/admin/ads': { summary: '广告列表（广告位、投放状态、关键词；分页、可排序）' },
  'POST /api/admin/ads': { summary: '添加广告（先上传图片；链接仅限 http/https；可设投放时间）' },
  'POST /api/admin/ads/image': {
    summary: '上传广告图片（PNG、JPEG、GIF 或 WebP，按文件内容校验，最大 2048 KB）',
  },
  'PUT /api/admin/ads/{id}': { summary: '修改广告' },
  'DELETE /api/admin/ads/{id}': { summary: '删除广告' },
  'PUT /api/admin/ads/{id}/enabled': { summary: '启用或停用广告' },
  // 公告
  'GET /api/announcements': { summary: '已发布的公告：置顶在前，其余按时间倒序，按调用者的语言' },
  'GET /api/announcements/{id}': { summary: '一条已发布的公告（草稿或不存在的公告返回“公告不存在”）' },
  'GET /api/admin/announcements': { summary: '公告列表，含草稿（关键词、发布状态；分页、可排序）' },
  'POST /api/admin/announcements': { summary: '撰写公告（HTML 内容按白名单过滤）' },
  'GET /api/admin/announcements/{id}': { summary: '一条公告（草稿或已发布），含中英文内容' },
  'PUT /api/admin/announcements/{id}': { summary: '修改公告' },
  'DELETE /api/admin/announcements/{id}': { summary: '删除公告' },
  'PUT /api/admin/announcements/{id}/published': { summary: '发布或撤回公告' },
  'PUT /api/admin/announcements/{id}/pinned': { summary: '置顶或取消置顶公告' },
  // 号码库存
  'GET /api/admin/phone-numbers': {
    summary: '库存号码：按国家、运营商、号段、状态、来源、卡类型筛选，可排序、分页',
  },
  'GET /api/admin/phone-numbers/export': { summary: '导出符合筛选条件的全部号码（CSV，流式输出）' },
  'GET /api/admin/phone-numbers/options': { summary: '筛选用的国家、运营商、应用与来源' },
  'PUT /api/admin/phone-numbers/{id}': { summary: '修改号码的运营商（限同一国家内）或来源' },
  'POST /api/admin/phone-numbers/state': { summary: '启用或停用选中的号码，或符合筛选条件的全部号码' },
  'POST /api/admin/phone-numbers/delete': { summary: '删除选中的号码（使用中的号码保留）' },
  'POST /api/admin/phone-imports': {
    summary:
      '批量添加第 1 步：上传 TXT/CSV 文件（每行一个号码，或“号码,运营商”；最大 10 MB、200000 行）。分析在后台进行：轮询该导入直到就绪。',
  },
  'GET /api/admin/phone-imports/options': { summary: '批量添加表单用的国家、运营商与来源' },
  'GET /api/admin/phone-imports/{id}': {
    summary: '一次导入：状态、进度（已分析行数、已写入行数）与预览统计',
  },
  'DELETE /api/admin/phone-imports/{id}': { summary: '放弃尚未写入的导入（删除其预览与文件）' },
  'GET /api/admin/phone-imports/{id}/items': {
    summary: '批量添加第 2 步：预览每一行及其状态（有效、无效、重复）与原因',
  },
  'POST /api/admin/phone-imports/{id}/commit': {
    summary:
      '批量添加第 3 步：在一个事务中写入全部有效的新号码（要么全部成功，要么全不写入）；轮询该导入查看进度与结果',
  },
  'GET /api/admin/add-phone-records': { summary: '添加记录：每次批量添加的操作人、时间与数量' },
  'GET /api/admin/add-phone-records/export': { summary: '导出符合筛选条件的添加记录（CSV）' },
  'GET /api/admin/add-phone-records/{id}/file': { summary: '某条添加记录上传的原始文件' },
  // 用户管理
  'GET /api/admin/users': {
    summary: '用户列表（分页、可排序）；可按用户名、邮箱或编号搜索，按类型、状态、注册日期筛选',
  },
  'POST /api/admin/users': { summary: '创建任意类型的用户' },
  'GET /api/admin/users/export': { summary: '导出符合筛选条件的用户（CSV）' },
  'GET /api/admin/users/{id}': { summary: '一个用户，含单独授予、单独收回的权限与实际拥有的权限' },
  'PUT /api/admin/users/{id}': { summary: '修改邮箱与昵称（只修改提交的字段）' },
  'DELETE /api/admin/users/{id}': { summary: '删除没有资金流水或其他记录的用户（有记录的请改为停用）' },
  'PUT /api/admin/users/{id}/status': { summary: '启用或停用用户；停用时立即结束该用户的所有会话' },
  'PUT /api/admin/users/{id}/type': { summary: '设置用户类型（1 管理员、2 客户、3 代理）及对应角色' },
  'POST /api/admin/users/{id}/password': {
    summary: '重置用户密码（手动输入，或自动生成并仅显示一次）；结束该用户的会话',
  },
  'PUT /api/admin/users/{id}/permissions': { summary: '替换用户单独授予与单独收回的权限' },
  'POST /api/admin/users/{id}/balance': {
    summary: '增加（奖励）或扣除余额并附备注；同一 requestId 只执行一次；余额不会低于零',
  },
  'GET /api/admin/users/{id}/ledger': { summary: '该用户的资金流水，可按类型与日期筛选' },
  'GET /api/admin/users/{id}/login-records': { summary: '该用户的登录记录，最新在前' },
  // 财务明细
  'GET /api/finance/records': { summary: '我的资金流水（财务明细），可按类型与日期筛选' },
  'GET /api/finance/records/export': { summary: '导出我符合筛选条件的资金流水（CSV）' },
  'GET /api/finance/records/{id}': { summary: '我的一条资金流水（他人的流水返回 404）' },
  'GET /api/admin/finance/records': {
    summary: '全部用户的资金流水（财务日志）：可按用户、类型、日期范围与关联单号筛选',
  },
  'GET /api/admin/finance/records/export': { summary: '导出符合筛选条件的资金流水（CSV）' },
  'GET /api/admin/finance/reconciliation': {
    summary: '对账：核对每个余额是否等于其流水之和，列出不相等的用户',
  },
  // 审计日志
  'GET /api/admin/audit-logs': {
    summary: '管理员操作记录，最新在前：可按操作人、对象、动作与日期筛选，含修改前后的内容',
  },
  'GET /api/admin/audit-logs/facets': { summary: '审计日志中出现过的对象与动作' },
  // 管理工具
  'POST /api/admin/tools/pattern-test': {
    summary: '用示例短信测试某个应用的规则，匹配方式与真实收到的短信完全相同',
  },
  'POST /api/admin/tools/sweep': { summary: '立即执行一次租用与库存到期清理' },
  'GET /api/admin/tools/settings-export': { summary: '下载平台设置（JSON，不含密钥）' },
};
