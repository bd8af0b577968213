# 楚汉的界面文字：简体中文。

## menu
menu-game = 游戏
menu-level = 难度
menu-handicap = 让子
menu-records = 棋谱
menu-language = 语言
menu-new-game-red = 我先走
menu-new-game-computer-first = 电脑先走
menu-new-game-two-players = 双人对弈
menu-quit = 退出
menu-puzzles = 残局挑战

## settings
settings-sound-on = 音效：开
settings-sound-off = 音效：关
settings-threads-auto = 大师线程：自动（{ $threads }）
settings-threads = 大师线程：{ $threads }
settings-graphics-auto = 画质：自动
settings-graphics-high = 画质：高
settings-graphics-low = 画质：低
settings-pieces-carved = 棋子：木雕
settings-pieces-plastic = 棋子：塑料
settings-pieces-jade = 棋子：玉石
settings-animations-on = 动画：开
settings-animations-off = 动画：关
settings-piece-set-characters = 棋子字样：汉字
settings-piece-set-international = 棋子字样：图案（国际）
settings-board-wood = 棋盘：木纹
settings-board-paper = 棋盘：纸面
settings-board-lacquer = 棋盘：漆木
settings-notation = 记谱：{ $notation }
settings-notation-auto = 自动
settings-notation-chinese = 简体
settings-engine = 引擎：{ $engine }
settings-engine-builtin = 内置
settings-ui-size-small = 界面大小：小
settings-ui-size-normal = 界面大小：标准
settings-ui-size-large = 界面大小：大
settings-notation-traditional = 繁体
settings-notation-vietnamese = 越南式
settings-notation-wxf = WXF
settings-notation-iccs = ICCS

## game
game-undo = 悔棋
game-redo = 重做
game-hint = 提示
game-save-position = 保存
game-restore-position = 复盘
game-check = 将军！
game-resign = 认输

## records
records-save = 保存棋谱
records-open = 读取棋谱
records-save-as-pgn = 另存为 PGN
records-save-as-xqf = 另存为 XQF
records-save-as-dhtml = 另存为 东萍 DhtmlXQ
records-open-from-device = 从本机文件读取…

## replay
replay-first = 第一步
replay-previous = 上一步
replay-next = 下一步
replay-last = 最后一步
replay-continue-here = 从此处继续
replay-title = 回放

## view
view-reset = 视角复位
view-flat-toggle = 平面/立体

## move
move-list-title = 着法
move-list-variation = 变
move-list-main-line = 主线

## puzzle
puzzle-retry = 重来
puzzle-next = 下一题
puzzle-list = 题目列表
puzzle-goal-mate = { $moves }步杀
puzzle-goal-material = 得子
puzzle-tier-beginner = 入门
puzzle-tier-intermediate = 进阶
puzzle-tier-advanced = 高手
puzzle-tier-master = 大师
puzzle-tier-rule-beginner = 一步杀、两步杀
puzzle-tier-rule-intermediate = 三步杀，得子
puzzle-tier-rule-advanced = 四步杀、五步杀
puzzle-tier-rule-master = 六步杀、七步杀
puzzle-cell-red = 红
puzzle-cell-black = 黑
puzzle-title = 第{ $id }题 · { $tier } · { $side }先{ $goal }
puzzle-your-move = 请走棋
puzzle-thinking = 思考中…
puzzle-wrong = 这步不对，再试一次
puzzle-solved = 解题成功，得{ $stars }星
puzzle-wrong-notice = 这步不对，再想想
puzzle-record-event = 残局挑战 { $id }
puzzle-side-red = 红
puzzle-side-black = 黑

## dialog
dialog-resume = 上次的对局没有下完，继续吗？
dialog-resume-yes = 继续
dialog-resume-no = 新对局
dialog-close = 关闭
dialog-leave-game = 对局还没有下完，确定离开吗？
dialog-leave-yes = 确定
dialog-leave-no = 取消
dialog-accept = 同意
dialog-decline = 拒绝

## status
status-computer-thinking = 电脑思考中
status-to-move = { $side }走棋
status-rules = { $rules }
status-setting-up = 摆棋：拖动棋子摆出局面
status-online = {" "}· 联网对弈

## browser
browser-up = 上一级

## draw
draw-offer = 求和
draw-offered-question = 对方求和，同意吗？
draw-computer-accepts = 电脑同意和棋
draw-computer-declines = 电脑拒绝和棋
draw-not-now = 现在不能求和

## analysis
analysis-title = 分析
analysis-off-in-play = 与电脑对局时分析已关闭（可在设置中开启）

## review
review-title = 复盘分析
review-cancel = 取消
review-better = 更好
review-accuracy = 准确率
review-mark-brilliant = 妙着
review-mark-good = 好棋
review-mark-inaccuracy = 缓着
review-mark-mistake = 失误
review-mark-blunder = 败着
review-nothing-to-review = 对局结束或打开棋谱后才能复盘分析

## clock
clock-untimed = 不限时
clock-menu = 用时
clock-own = 自定义
clock-own-more-time = 自定义：时间 +
clock-own-less-time = 自定义：时间 -
clock-own-more-increment = 自定义：加秒 +
clock-own-less-increment = 自定义：加秒 -
clock-own-switch-kind = 自定义：加秒制/每步限时
clock-per-move = 每步{ $seconds }秒
clock-fischer = { $control }（分+秒）

## side
side-red = 红方
side-black = 黑方

## level
level-idiot = 傻瓜
level-rookie = 菜鸟
level-novice = 新手
level-beginner = 入门
level-amateur = 业余
level-professional = 专业
level-master = 大师

## handicap
handicap-left-horse = 让左马
handicap-right-horse = 让右马
handicap-two-horses = 让双马
handicap-nine-pieces = 让九子
handicap-player-gives = { $handicap }
handicap-computer-gives = 被{ $handicap }

## rules
rules-menu = 规则：{ $rules }
rules-asian = 亚洲规则
rules-league = 计算机规则

## outcome
outcome-red-wins = 红方胜（{ $reason }）
outcome-black-wins = 黑方胜（{ $reason }）
outcome-draw = 和棋（{ $reason }）
outcome-reason-checkmate = 将死
outcome-reason-stalemate = 困毙
outcome-reason-perpetual-check = 对方长将
outcome-reason-perpetual-chase = 对方长捉
outcome-reason-check-and-chase = 对方一将一捉
outcome-reason-resignation = 对方认输
outcome-reason-timeout = 对方超时
outcome-reason-abandoned = 对方离开
outcome-reason-repetition = 循环不变作和
outcome-reason-both-perpetual = 双方长打
outcome-reason-no-capture-limit = 六十回合无吃子
outcome-reason-no-attacking-pieces = 双方无进攻子力
outcome-reason-agreement = 双方议和
outcome-reason-timeout-no-material = 超时，对方无进攻子力
outcome-reason-abandoned-draw = 对方离开，判和

## notice
notice-position-refused = 局面不合规则：{ $error }
notice-illegal-move = 不能这样走：{ $move }
notice-nested-too-deep = 变着最多嵌套 { $levels } 层
notice-game-over = 对局已结束
notice-bad-settings = 设置文件无法读取，已用默认设置：{ $error }
notice-bad-record = 棋谱无法打开：{ $error }
notice-reading = 正在读取{ $name }……
notice-reading-pasted = 正在读取{ $name }……
notice-bad-paste = 粘贴的内容无法读取：{ $error }
notice-partly-read = 棋谱已打开，{ $skipped } 处无法读取已略去：{ $first }
notice-write-failed = 无法保存：{ $error }
notice-saved = 棋谱已保存：{ $path }
notice-position-saved = 局面已保存
notice-nothing-saved = 还没有保存的局面
notice-engine-fallback = 外部引擎出错，改用内置引擎：{ $error }
notice-computer-unreachable-retry = 电脑的程序无法从服务器载入（网络或服务器断开），稍后自动重试
notice-computer-unreachable = 电脑的程序无法从服务器载入（网络或服务器断开）
notice-computer-restarting = 电脑的程序停止了，正在重新启动：{ $why }
notice-computer-failed = 电脑的程序停止了，这一步无法计算：{ $why }
notice-nothing-to-undo = 没有可以悔的棋
notice-nothing-to-redo = 没有可以重做的棋

## piece
piece-red-king = 红帅
piece-black-king = 黑将
piece-red-advisor = 红士
piece-black-advisor = 黑士
piece-red-elephant = 红相
piece-black-elephant = 黑象
piece-red-horse = 红马
piece-black-horse = 黑马
piece-red-rook = 红车
piece-black-rook = 黑车
piece-red-cannon = 红炮
piece-black-cannon = 黑炮
piece-red-pawn = 红兵
piece-black-pawn = 黑卒

## setup
setup-error-missing-king = { $side }没有{ $color ->
        [red] 帅
       *[black] 将
    }
setup-error-too-many-kings = { $side }的{ $color ->
        [red] 帅
       *[black] 将
    }不止一个
setup-error-outside-palace = { $piece }在 { $square }，出了九宫，或不在它能到的点上
setup-error-elephant-off-points = { $square } 的相（象）站在它永远走不到的点上
setup-error-pawn-behind-start = { $square } 的兵（卒）在它的起始线后面
setup-error-pawn-off-file = { $square } 的兵（卒）未过河，却不在它能走到的线上
setup-error-too-many-pieces = { $piece }有 { $count } 个，一副棋只有 { $max } 个
setup-error-opponent-in-check = 不走棋的一方正被将军（它的将帅可被吃掉）
setup-error-kings-facing = 将帅照面（同一条线上中间无子）

## language
language-name-chinese = 中文
language-name-english = English

## annotate
annotate-no-mark = 无标记
annotate-comment = 注释
annotate-delete-move = 删除此着
annotate-promote = 升为主线

## comment
comment-box-title = 注释（回车确定，Esc 取消）
comment-box-keep = 确定
comment-box-cancel = 取消

## editor
editor-title = 摆棋
editor-help = 拖动盘边棋子上盘，拖出棋盘即移除。也可点选棋子再点棋盘放子。右键或 Tab 换走子方
editor-start-current = 当前局面
editor-start-standard = 初始局面
editor-start-empty = 清空
editor-toggle-side = 换走子方
editor-flip = 翻转
editor-undo = 撤销
editor-play-red = 执红对电脑
editor-play-black = 执黑对电脑
editor-two-players = 双人对弈
editor-computers = 电脑对弈
editor-analyse = 分析
editor-save = 保存棋谱
editor-cancel = 取消
editor-red-to-move = 红方先走
editor-black-to-move = 黑方先走
editor-holding = 手中：{ $piece }（点棋盘放下，Esc 放回）
editor-legal = 局面合规，可以开始

## watch
watch-menu = 电脑对弈（观战）
watch-title = 观战
watch-seat-red = 红方：{ $who }
watch-seat-black = 黑方：{ $who }
watch-resume = 继续
watch-pause = 暂停

## clipboard
clipboard-copy-position = 复制局面 (FEN)
clipboard-copy-record = 复制棋谱 (PGN)
clipboard-paste = 粘贴局面或棋谱
clipboard-copied-position = 局面已复制（FEN）
clipboard-copied-record = 棋谱已复制（PGN）
clipboard-failed = 剪贴板不可用：{ $error }

## pictures
pictures-export-diagram = 导出局面图 (PNG)
pictures-export-animation = 导出对局动画 (GIF)

## hint
hint-thinking = 提示…

## online
online-title = 联网对弈
online-placeholder-opponent = 棋手名
online-placeholder-chat = 说点什么…
online-rules-asian = 亚洲规则
online-rules-league = 计算机规则
online-login-intro = 输入服务器地址（空着即为本机），登录、注册，或以游客身份对弈（游客只下非等级分棋）。
online-field-server = 服务器
online-field-name = 用户名
online-field-password = 密码
online-log-in = 登录
online-register = 注册
online-guest = 游客对弈
online-lan-intro = 局域网：在本机开一个服务器，把显示的地址告诉朋友。朋友在服务器一栏填入该地址，以游客身份加入。
online-host = 在本网络开局
online-hosting = 本机开局中：朋友请连接 { $addresses }
online-stop-hosting = 停止开局
online-speed-bullet = 超快棋
online-speed-blitz = 快棋
online-speed-rapid = 中速棋
online-speed-classical = 慢棋
online-lobby-title = 联网大厅
online-guest-name = { $name }（游客）
online-lobby-counts = 在线 { $online } 人 · 对局中 { $games } 局 · 等待中 { $seeks } 个邀请
online-back-to-board = 回到棋盘
online-log-out = 退出登录
online-quick-pairing-casual = 快速配对（非等级分）
online-quick-pairing-rated = 快速配对（等级分）
online-pool-waiting = { $count } 人等待
online-own-seek = 自定邀请
online-play-friend = 与朋友对弈
online-challenge = 挑战（{ $time }）
online-challenge-help = 输入朋友的名字，按上面的条件向他挑战。
online-rated = 等级分
online-casual = 非等级分
online-color-random = 随机先后
online-color-red = 执红
online-color-black = 执黑
online-range-any = 对手不限
online-range = 等级分±{ $range }
online-open-seek = 发出邀请
online-challenge-line = { $from } 向 { $to } 挑战 · { $time }
online-accept = 接受
online-decline = 拒绝
online-open-seeks = 等待对手的邀请（{ $count }）
online-sort-time = 按用时
online-sort-rating = 按等级分
online-sort-name = 按棋手
online-no-seeks = （暂无：点左边的快速配对，等别人来应战）
online-cancel = 取消
online-register-to-accept = 注册后可应战
online-accept-seek = 应战
online-outside-range = 等级分不符
online-more-seeks = 还有 { $more } 个
online-games-in-play = 正在进行的对局（{ $count }）
online-none = （暂无）
online-game-line = { $red } 对 { $black } · { $time } · 第{ $plies }步
online-watch = 观战
online-lobby-chat = 大厅聊天
online-chat-line = { $from }：{ $text }
online-aborted = 对局已中止
online-player-gone = （已断线）
online-side-red = 红
online-side-black = 黑
online-claim-countdown = 对手已断线：{ $seconds } 秒后可判胜
online-rating-change = 　等级分 { $before } 变为 { $after }（{ $delta }）
online-reconnecting = 重新连接中…
online-watching = 观战中
online-back-to-lobby = 回到大厅
online-offer-draw-received = 对手求和
online-offer-takeback-received = 对手请求悔棋
online-offer-rematch-received = 对手请求再来一局
online-offer-accept = 同意
online-offer-decline = 拒绝
online-rematch = 再来一局
online-abort = 中止
online-offer-draw = 求和
online-offer-takeback = 悔棋
online-resign = 认输
online-claim-win = 判胜
online-claim-draw = 判和
online-resign-confirm = 确定认输？
online-play-on = 继续下
online-chat = 聊天
online-unmute = 显示对手聊天
online-mute = 屏蔽对手
online-send = 发送
online-link-failed-to-start = 联网无法启动：{ $error }
online-connecting = 正在连接 { $address }…
online-cannot-host = 无法开局：{ $error }
online-move-not-sent = 这步棋没有发出：{ $why }
online-reconnecting-attempt = 连接中断，正在重新连接…（第{ $attempt }次）
online-move-refused = 这步棋被拒绝：{ $reason }
online-not-sent-taken-back = { $not-sent }，这步棋已收回
online-game-aborted = 对局已中止
online-starting-host = 正在本机开局…
online-host-not-in-browser = 网页里不能开局域网对局：请用桌面版
online-type-name = 请输入用户名
online-type-password = 请输入密码
online-link-unknown-host = 找不到服务器 { $address }：请检查地址是否写对
online-link-refused = 服务器 { $address } 没有开启（连接被拒绝）：请确认服务器正在运行、端口正确
online-link-timed-out = 服务器 { $address } 没有回应：请检查网络后再试
online-link-unreachable = 无法连接服务器 { $address }：请检查地址和网络后再试
online-link-bad-address = 服务器地址有误：{ $address }（应为 主机:端口，例如 127.0.0.1:7878）
online-link-lost = 与服务器的连接中断：正在重新连接…
online-link-gave-up = 与服务器的连接中断，{ $seconds } 秒内没能重新连上：请稍后再登录
online-link-internal = 游戏无法启动联网：请重新启动游戏
online-error-protocol-version = 服务器的协议版本与本游戏不同：请更新游戏或换一个服务器
online-error-bad-message = 服务器不认得本游戏发出的消息：请更新游戏
online-error-not-logged-in = 请先登录
online-error-already-logged-in = 已经登录：请先退出登录
online-error-bad-credentials = 用户名或密码错误：请检查后再试
online-error-name-taken = 这个名字已被使用：请换一个
online-error-name-invalid = 名字须为 2 到 20 个字（字母、数字、汉字）
online-error-name-reserved = 这个名字不能使用：请换一个
online-error-password-invalid = 密码须为 8 到 128 个字符
online-error-token-invalid = 保存的登录已失效，请重新登录
online-error-banned = 这个账号已被停用
online-error-rate-limited = 操作太频繁：请稍等一分钟再试
online-error-too-many-connections = 从这个地址连接的次数太多：请关闭其他窗口后再试
online-error-no-such-seek = 这个邀请已被接受或取消
online-error-no-such-challenge = 这个挑战已不存在
online-error-no-such-player = 没有这个棋手在线
online-error-no-such-game = 这局棋已不存在
online-error-not-your-game = 这不是你的对局
online-error-not-your-turn = 还没轮到你走
online-error-illegal-move = 这步棋不合规则
online-error-wrong-ply = 这步棋与对局不同步：棋盘已按服务器更新
online-error-game-over = 对局已结束
online-error-guest-not-allowed = 游客只能下非等级分棋：注册后可下等级分棋
online-error-bad-seek = 邀请的条件有误
online-error-cannot-accept = 不能接受这个邀请（自己的邀请，或等级分不在范围内）
online-error-no-offer = 没有可以回应的提议
online-error-not-now = 现在不能这样做
online-error-chat-invalid = 聊天须为 1 到 140 个字
online-error-internal = 服务器出错了：请稍后再试
online-not-sent = 没有发出：连接已断开
online-server-message = { $message }
online-result-reason = { $result } ({ $reason })
online-needs-network = 联网对弈需要网络：这台设备现在没有网络。人机对弈、残局和棋谱照常可用；网络恢复后再连接即可。

## storage
storage-downloaded-instead = 棋谱已改为下载文件保存
storage-no-storage = 这个网页没有存储空间（无痕窗口，或存储已关闭）
storage-full = 这个网页的存储空间已满
storage-too-big-for-page = 超过网页能保存的大小（2 MB）
storage-too-big-end = MB
storage-damaged = 网页存储中的一项已损坏
storage-refused = 网页存储拒绝保存
storage-too-big = 超过这类文件的上限
storage-no-such-file = 没有这个文件
storage-joiner = ，

## window
window-title = 楚汉 Chuhan

## diagram
diagram-river-left = 楚 河
diagram-river-right = 汉 界
diagram-file-numbers = 九 八 七 六 五 四 三 二 一

## web
web-title = 楚汉 Chuhan
web-loading = 正在载入…
web-no-webgl2 = 这个浏览器不支持 WebGL2，无法显示棋盘。请换用新版 Chrome、Edge、Firefox 或 Safari。
web-could-not-start = 游戏无法启动：{ $error }

## The start screen
start-back-to-board = 回到棋盘
start-against-computer = 人机对弈
start-two-players = 双人对弈
start-records = 棋谱
start-settings = 设置
start-open = 开始页面
start-subtitle = 中国象棋
