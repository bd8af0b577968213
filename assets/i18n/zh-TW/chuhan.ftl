# 楚漢的介面文字：繁體中文。

## menu
menu-game = 遊戲
menu-level = 難度
menu-handicap = 讓子
menu-records = 棋譜
menu-language = 語言
menu-new-game-red = 我先走
menu-new-game-computer-first = 電腦先走
menu-new-game-two-players = 雙人對弈
menu-quit = 結束
menu-puzzles = 殘局挑戰

## settings
settings-sound-on = 音效：開
settings-sound-off = 音效：關
settings-threads-auto = 大師執行緒：自動（{ $threads }）
settings-threads = 大師執行緒：{ $threads }
settings-graphics-auto = 畫質：自動
settings-graphics-high = 畫質：高
settings-graphics-low = 畫質：低
settings-pieces-carved = 棋子：木雕
settings-pieces-plastic = 棋子：塑膠
settings-pieces-jade = 棋子：玉石
settings-animations-on = 動畫：開
settings-animations-off = 動畫：關
settings-piece-set-characters = 棋子字樣：漢字
settings-piece-set-international = 棋子字樣：圖案（國際）
settings-board-wood = 棋盤：木紋
settings-board-paper = 棋盤：紙面
settings-board-lacquer = 棋盤：漆木
settings-notation = 記譜：{ $notation }
settings-notation-auto = 自動
settings-notation-chinese = 簡體
settings-engine = 引擎：{ $engine }
settings-engine-builtin = 內建
settings-ui-size-small = 介面大小：小
settings-ui-size-normal = 介面大小：標準
settings-ui-size-large = 介面大小：大
settings-notation-traditional = 繁體
settings-notation-vietnamese = 越南式
settings-notation-wxf = WXF
settings-notation-iccs = ICCS

## game
game-undo = 悔棋
game-redo = 重做
game-hint = 提示
game-save-position = 儲存
game-restore-position = 復盤
game-check = 將軍！
game-resign = 認輸

## records
records-save = 儲存棋譜
records-open = 讀取棋譜
records-save-as-pgn = 另存為 PGN
records-save-as-xqf = 另存為 XQF
records-save-as-dhtml = 另存為 東萍 DhtmlXQ
records-open-from-device = 從本機檔案讀取…

## replay
replay-first = 第一步
replay-previous = 上一步
replay-next = 下一步
replay-last = 最後一步
replay-continue-here = 從此處繼續
replay-title = 回放

## view
view-reset = 視角重設
view-flat-toggle = 平面/立體

## move
move-list-title = 著法
move-list-variation = 變
move-list-main-line = 主線

## puzzle
puzzle-retry = 重來
puzzle-next = 下一題
puzzle-list = 題目列表
puzzle-goal-mate = { $moves }步殺
puzzle-goal-material = 得子
puzzle-tier-beginner = 入門
puzzle-tier-intermediate = 進階
puzzle-tier-advanced = 高手
puzzle-tier-master = 大師
puzzle-tier-rule-beginner = 一步殺、兩步殺
puzzle-tier-rule-intermediate = 三步殺，得子
puzzle-tier-rule-advanced = 四步殺、五步殺
puzzle-tier-rule-master = 六步殺、七步殺
puzzle-cell-red = 紅
puzzle-cell-black = 黑
puzzle-title = 第{ $id }題 · { $tier } · { $side }先{ $goal }
puzzle-your-move = 請走棋
puzzle-thinking = 思考中…
puzzle-wrong = 這步不對，再試一次
puzzle-solved = 解題成功，得{ $stars }星
puzzle-wrong-notice = 這步不對，再想想
puzzle-record-event = 殘局挑戰 { $id }
puzzle-side-red = 紅
puzzle-side-black = 黑

## dialog
dialog-resume = 上次的對局沒有下完，繼續嗎？
dialog-resume-yes = 繼續
dialog-resume-no = 新對局
dialog-close = 關閉
dialog-leave-game = 對局還沒有下完，確定離開嗎？
dialog-leave-yes = 確定
dialog-leave-no = 取消
dialog-accept = 同意
dialog-decline = 拒絕

## status
status-computer-thinking = 電腦思考中
status-to-move = { $side }走棋
status-rules = { $rules }
status-setting-up = 擺棋：拖動棋子擺出局面
status-online = {" "}· 線上對弈

## browser
browser-up = 上一層

## draw
draw-offer = 求和
draw-offered-question = 對方求和，同意嗎？
draw-computer-accepts = 電腦同意和棋
draw-computer-declines = 電腦拒絕和棋
draw-not-now = 現在不能求和

## analysis
analysis-title = 分析
analysis-off-in-play = 與電腦對局時分析已關閉（可在設定中開啟）

## review
review-title = 復盤分析
review-cancel = 取消
review-better = 更好
review-accuracy = 準確率
review-mark-brilliant = 妙著
review-mark-good = 好棋
review-mark-inaccuracy = 緩著
review-mark-mistake = 失誤
review-mark-blunder = 敗著
review-nothing-to-review = 對局結束或開啟棋譜後才能復盤分析

## clock
clock-untimed = 不限時
clock-menu = 用時
clock-own = 自訂
clock-own-more-time = 自訂：時間 +
clock-own-less-time = 自訂：時間 -
clock-own-more-increment = 自訂：加秒 +
clock-own-less-increment = 自訂：加秒 -
clock-own-switch-kind = 自訂：加秒制/每步限時
clock-per-move = 每步{ $seconds }秒
clock-fischer = { $control }（分+秒）

## side
side-red = 紅方
side-black = 黑方

## level
level-idiot = 傻瓜
level-rookie = 菜鳥
level-novice = 新手
level-beginner = 入門
level-amateur = 業餘
level-professional = 專業
level-master = 大師

## handicap
handicap-left-horse = 讓左馬
handicap-right-horse = 讓右馬
handicap-two-horses = 讓雙馬
handicap-nine-pieces = 讓九子
handicap-player-gives = { $handicap }
handicap-computer-gives = 被{ $handicap }

## rules
rules-menu = 規則：{ $rules }
rules-asian = 亞洲規則
rules-league = 電腦規則

## outcome
outcome-red-wins = 紅方勝（{ $reason }）
outcome-black-wins = 黑方勝（{ $reason }）
outcome-draw = 和棋（{ $reason }）
outcome-reason-checkmate = 將死
outcome-reason-stalemate = 困斃
outcome-reason-perpetual-check = 對方長將
outcome-reason-perpetual-chase = 對方長捉
outcome-reason-check-and-chase = 對方一將一捉
outcome-reason-resignation = 對方認輸
outcome-reason-timeout = 對方超時
outcome-reason-abandoned = 對方離開
outcome-reason-repetition = 循環不變作和
outcome-reason-both-perpetual = 雙方長打
outcome-reason-no-capture-limit = 六十回合無吃子
outcome-reason-no-attacking-pieces = 雙方無進攻子力
outcome-reason-agreement = 雙方議和
outcome-reason-timeout-no-material = 超時，對方無進攻子力
outcome-reason-abandoned-draw = 對方離開，判和

## notice
notice-position-refused = 局面不合規則：{ $error }
notice-illegal-move = 不能這樣走：{ $move }
notice-nested-too-deep = 變著最多巢狀 { $levels } 層
notice-game-over = 對局已結束
notice-bad-settings = 設定檔無法讀取，已使用預設設定：{ $error }
notice-bad-record = 棋譜無法開啟：{ $error }
notice-reading = 正在讀取{ $name }……
notice-reading-pasted = 正在讀取……
notice-bad-paste = 貼上的內容無法讀取：{ $error }
notice-partly-read = 棋譜已開啟，{ $skipped } 處無法讀取，已略過：{ $first }
notice-write-failed = 無法儲存：{ $error }
notice-saved = 棋譜已儲存：{ $path }
notice-position-saved = 局面已儲存
notice-nothing-saved = 還沒有儲存的局面
notice-engine-fallback = 外部引擎出錯，改用內建引擎：{ $error }
notice-computer-unreachable-retry = 電腦的程式無法從伺服器載入（網路或伺服器斷線），稍後自動重試
notice-computer-unreachable = 電腦的程式無法從伺服器載入（網路或伺服器斷線）
notice-computer-restarting = 電腦的程式停止了，正在重新啟動：{ $why }
notice-computer-failed = 電腦的程式停止了，這一步無法計算：{ $why }
notice-nothing-to-undo = 沒有可以悔的棋
notice-nothing-to-redo = 沒有可以重做的棋

## piece
piece-red-king = 紅帥
piece-black-king = 黑將
piece-red-advisor = 紅仕
piece-black-advisor = 黑士
piece-red-elephant = 紅相
piece-black-elephant = 黑象
piece-red-horse = 紅傌
piece-black-horse = 黑馬
piece-red-rook = 紅俥
piece-black-rook = 黑車
piece-red-cannon = 紅炮
piece-black-cannon = 黑砲
piece-red-pawn = 紅兵
piece-black-pawn = 黑卒

## setup
setup-error-missing-king = { $side }沒有{ $color ->
        [red] 帥
       *[black] 將
    }
setup-error-too-many-kings = { $side }的{ $color ->
        [red] 帥
       *[black] 將
    }不止一個
setup-error-outside-palace = { $piece }在 { $square }，出了九宮，或不在它能到的點上
setup-error-elephant-off-points = { $square } 的相（象）站在它永遠走不到的點上
setup-error-pawn-behind-start = { $square } 的兵（卒）在它的起始線後面
setup-error-pawn-off-file = { $square } 的兵（卒）未過河，卻不在它能走到的線上
setup-error-too-many-pieces = { $piece }有 { $count } 個，一副棋只有 { $max } 個
setup-error-opponent-in-check = 不走棋的一方正被將軍（它的將帥可被吃掉）
setup-error-kings-facing = 將帥照面（同一條線上中間無子）

## language
language-name-chinese = 简体中文
language-name-english = English

## annotate
annotate-no-mark = 無標記
annotate-comment = 註解
annotate-delete-move = 刪除此著
annotate-promote = 升為主線

## comment
comment-box-title = 註解（按 Enter 確定，Esc 取消）
comment-box-keep = 確定
comment-box-cancel = 取消

## editor
editor-title = 擺棋
editor-help = 拖動盤邊棋子上盤，拖出棋盤即移除。也可點選棋子再點棋盤放子。右鍵或 Tab 換走子方
editor-start-current = 目前局面
editor-start-standard = 初始局面
editor-start-empty = 清空
editor-toggle-side = 換走子方
editor-flip = 翻轉
editor-undo = 復原
editor-play-red = 執紅對電腦
editor-play-black = 執黑對電腦
editor-two-players = 雙人對弈
editor-computers = 電腦對弈
editor-analyse = 分析
editor-save = 儲存棋譜
editor-cancel = 取消
editor-red-to-move = 紅方先走
editor-black-to-move = 黑方先走
editor-holding = 手中：{ $piece }（點棋盤放下，Esc 放回）
editor-legal = 局面合規，可以開始

## watch
watch-menu = 電腦對弈（觀戰）
watch-title = 觀戰
watch-seat-red = 紅方：{ $who }
watch-seat-black = 黑方：{ $who }
watch-resume = 繼續
watch-pause = 暫停

## clipboard
clipboard-copy-position = 複製局面 (FEN)
clipboard-copy-record = 複製棋譜 (PGN)
clipboard-paste = 貼上局面或棋譜
clipboard-copied-position = 局面已複製（FEN）
clipboard-copied-record = 棋譜已複製（PGN）
clipboard-failed = 剪貼簿無法使用：{ $error }

## pictures
pictures-export-diagram = 匯出局面圖 (PNG)
pictures-export-animation = 匯出對局動畫 (GIF)

## hint
hint-thinking = 提示…

## online
online-title = 線上對弈
online-placeholder-opponent = 棋手名稱
online-placeholder-chat = 說點什麼…
online-rules-asian = 亞洲規則
online-rules-league = 電腦規則
online-login-intro = 輸入伺服器位址（空白即為本機），登入、註冊，或以訪客身分對弈（訪客只下非等級分棋）。
online-field-server = 伺服器
online-field-name = 使用者名稱
online-field-password = 密碼
online-log-in = 登入
online-register = 註冊
online-guest = 訪客對弈
online-lan-intro = 區域網路：在本機開一個伺服器，把顯示的位址告訴朋友。朋友在伺服器一欄填入該位址，以訪客身分加入。
online-host = 在本網路開局
online-hosting = 本機開局中：朋友請連線 { $addresses }
online-stop-hosting = 停止開局
online-speed-bullet = 超快棋
online-speed-blitz = 快棋
online-speed-rapid = 中速棋
online-speed-classical = 慢棋
online-lobby-title = 線上大廳
online-guest-name = { $name }（訪客）
online-lobby-counts = 線上 { $online } 人 · 對局中 { $games } 局 · 等待中 { $seeks } 個邀請
online-back-to-board = 回到棋盤
online-log-out = 登出
online-quick-pairing-casual = 快速配對（非等級分）
online-quick-pairing-rated = 快速配對（等級分）
online-pool-waiting = { $count } 人等待
online-own-seek = 自訂邀請
online-play-friend = 與朋友對弈
online-challenge = 挑戰（{ $time }）
online-challenge-help = 輸入朋友的名字，按上面的條件向他挑戰。
online-rated = 等級分
online-casual = 非等級分
online-color-random = 隨機先後
online-color-red = 執紅
online-color-black = 執黑
online-range-any = 對手不限
online-range = 等級分±{ $range }
online-open-seek = 發出邀請
online-challenge-line = { $from } 向 { $to } 挑戰 · { $time }
online-accept = 接受
online-decline = 拒絕
online-open-seeks = 等待對手的邀請（{ $count }）
online-sort-time = 按用時
online-sort-rating = 按等級分
online-sort-name = 按棋手
online-no-seeks = （暫無：點左邊的快速配對，等別人來應戰）
online-cancel = 取消
online-register-to-accept = 註冊後可應戰
online-accept-seek = 應戰
online-outside-range = 等級分不符
online-more-seeks = 還有 { $more } 個
online-games-in-play = 正在進行的對局（{ $count }）
online-none = （暫無）
online-game-line = { $red } 對 { $black } · { $time } · 第{ $plies }步
online-watch = 觀戰
online-lobby-chat = 大廳聊天
online-chat-line = { $from }：{ $text }
online-aborted = 對局已中止
online-player-gone = （已斷線）
online-side-red = 紅
online-side-black = 黑
online-claim-countdown = 對手已斷線：{ $seconds } 秒後可判勝
online-rating-change = 　等級分 { $before } 變為 { $after }（{ $delta }）
online-reconnecting = 重新連線中…
online-watching = 觀戰中
online-back-to-lobby = 回到大廳
online-offer-draw-received = 對手求和
online-offer-takeback-received = 對手請求悔棋
online-offer-rematch-received = 對手請求再來一局
online-offer-accept = 同意
online-offer-decline = 拒絕
online-rematch = 再來一局
online-abort = 中止
online-offer-draw = 求和
online-offer-takeback = 悔棋
online-resign = 認輸
online-claim-win = 判勝
online-claim-draw = 判和
online-resign-confirm = 確定認輸？
online-play-on = 繼續下
online-chat = 聊天
online-unmute = 顯示對手聊天
online-mute = 封鎖對手
online-send = 送出
online-link-failed-to-start = 連線功能無法啟動：{ $error }
online-connecting = 正在連線 { $address }…
online-cannot-host = 無法開局：{ $error }
online-move-not-sent = 這步棋沒有送出：{ $why }
online-reconnecting-attempt = 連線中斷，正在重新連線…（第{ $attempt }次）
online-move-refused = 這步棋被拒絕：{ $reason }
online-not-sent-taken-back = { $not-sent }，這步棋已收回
online-game-aborted = 對局已中止
online-starting-host = 正在本機開局…
online-host-not-in-browser = 網頁裡不能開區域網路對局：請用桌面版
online-type-name = 請輸入使用者名稱
online-type-password = 請輸入密碼
online-link-unknown-host = 找不到伺服器 { $address }：請檢查位址是否正確
online-link-refused = 伺服器 { $address } 沒有開啟（連線被拒）：請確認伺服器正在執行、連接埠正確
online-link-timed-out = 伺服器 { $address } 沒有回應：請檢查網路後再試
online-link-unreachable = 無法連線到伺服器 { $address }：請檢查位址和網路後再試
online-link-bad-address = 伺服器位址有誤：{ $address }（應為 主機:連接埠，例如 127.0.0.1:7878）
online-link-lost = 與伺服器的連線中斷：正在重新連線…
online-link-gave-up = 與伺服器的連線中斷，{ $seconds } 秒內沒能重新連上：請稍後再登入
online-link-internal = 遊戲無法啟動連線功能：請重新啟動遊戲
online-error-protocol-version = 伺服器的協定版本與本遊戲不同：請更新遊戲或換一個伺服器
online-error-bad-message = 伺服器不認得本遊戲送出的訊息：請更新遊戲
online-error-not-logged-in = 請先登入
online-error-already-logged-in = 已經登入：請先登出
online-error-bad-credentials = 使用者名稱或密碼錯誤：請檢查後再試
online-error-name-taken = 這個名字已被使用：請換一個
online-error-name-invalid = 名字須為 2 到 20 個字（字母、數字、漢字）
online-error-name-reserved = 這個名字不能使用：請換一個
online-error-password-invalid = 密碼須為 8 到 128 個字元
online-error-token-invalid = 儲存的登入已失效，請重新登入
online-error-banned = 這個帳號已被停用
online-error-rate-limited = 操作太頻繁：請稍等一分鐘再試
online-error-too-many-connections = 從這個位址連線的次數太多：請關閉其他視窗後再試
online-error-no-such-seek = 這個邀請已被接受或取消
online-error-no-such-challenge = 這個挑戰已不存在
online-error-no-such-player = 沒有這個棋手在線上
online-error-no-such-game = 這局棋已不存在
online-error-not-your-game = 這不是你的對局
online-error-not-your-turn = 還沒輪到你走
online-error-illegal-move = 這步棋不合規則
online-error-wrong-ply = 這步棋與對局不同步：棋盤已依伺服器更新
online-error-game-over = 對局已結束
online-error-guest-not-allowed = 訪客只能下非等級分棋：註冊後可下等級分棋
online-error-bad-seek = 邀請的條件有誤
online-error-cannot-accept = 不能接受這個邀請（自己的邀請，或等級分不在範圍內）
online-error-no-offer = 沒有可以回應的提議
online-error-not-now = 現在不能這樣做
online-error-chat-invalid = 聊天須為 1 到 140 個字
online-error-internal = 伺服器出錯了：請稍後再試
online-not-sent = 沒有送出：連線已中斷
online-server-message = { $message }
online-result-reason = { $result }（{ $reason }）
online-needs-network = 連線對弈需要網路：這台裝置現在沒有網路。人機對弈、殘局和棋譜照常可用；網路恢復後再連線即可。

## storage
storage-downloaded-instead = 棋譜已改為下載檔案儲存
storage-no-storage = 這個網頁沒有儲存空間（無痕視窗，或儲存功能已關閉）
storage-full = 這個網頁的儲存空間已滿
storage-too-big-for-page = 超過網頁能儲存的大小（2 MB）
storage-too-big-end = MB
storage-damaged = 網頁儲存中的一項已損壞
storage-refused = 瀏覽器拒絕儲存
storage-too-big = 超過這類檔案的上限
storage-no-such-file = 沒有這個檔案
storage-joiner = ，

## window
window-title = 楚漢 Chuhan

## diagram
diagram-river-left = 楚 河
diagram-river-right = 漢 界
diagram-file-numbers = 九 八 七 六 五 四 三 二 一

## web
web-title = 楚漢 Chuhan
web-loading = 正在載入…
web-no-webgl2 = 這個瀏覽器不支援 WebGL2，無法顯示棋盤。請改用新版 Chrome、Edge、Firefox 或 Safari。
web-could-not-start = 遊戲無法啟動：{ $error }

## The start screen
start-back-to-board = 回到棋盤
start-against-computer = 人機對弈
start-two-players = 雙人對弈
start-records = 棋譜
start-settings = 設定
start-open = 開始頁面
start-subtitle = 中國象棋
