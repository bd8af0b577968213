# Giao diện của Chuhan: tiếng Việt.

## menu
menu-game = Trò chơi
menu-level = Cấp độ
menu-handicap = Chấp quân
menu-records = Kỳ phổ
menu-language = Ngôn ngữ
menu-new-game-red = Tôi đi trước (Đỏ)
menu-new-game-computer-first = Máy đi trước
menu-new-game-two-players = Hai người chơi
menu-quit = Thoát
menu-puzzles = Cờ thế

## settings
settings-sound-on = Âm thanh: bật
settings-sound-off = Âm thanh: tắt
settings-threads-auto = Luồng Đại sư: tự động ({ $threads })
settings-threads = Luồng Đại sư: { $threads }
settings-graphics-auto = Đồ họa: tự động
settings-graphics-high = Đồ họa: cao
settings-graphics-low = Đồ họa: thấp
settings-pieces-carved = Quân cờ: gỗ chạm
settings-pieces-plastic = Quân cờ: nhựa
settings-pieces-jade = Quân cờ: ngọc
settings-animations-on = Hiệu ứng động: bật
settings-animations-off = Hiệu ứng động: tắt
settings-piece-set-characters = Mặt quân: chữ Hán
settings-piece-set-international = Mặt quân: hình vẽ (quốc tế)
settings-board-wood = Bàn cờ: vân gỗ
settings-board-paper = Bàn cờ: giấy
settings-board-lacquer = Bàn cờ: sơn mài
settings-notation = Ký hiệu: { $notation }
settings-notation-auto = tự động
settings-notation-chinese = Hán giản thể
settings-engine = Engine: { $engine }
settings-engine-builtin = tích hợp
settings-ui-size-small = Cỡ giao diện: nhỏ
settings-ui-size-normal = Cỡ giao diện: vừa
settings-ui-size-large = Cỡ giao diện: lớn
settings-notation-traditional = Hán phồn thể
settings-notation-vietnamese = Việt Nam
settings-notation-wxf = WXF
settings-notation-iccs = ICCS

## game
game-undo = Đi lại
game-redo = Làm lại
game-hint = Gợi ý
game-save-position = Lưu thế cờ
game-restore-position = Khôi phục
game-check = Chiếu tướng!
game-resign = Xin thua

## records
records-save = Lưu kỳ phổ
records-open = Mở kỳ phổ
records-save-as-pgn = Lưu dạng PGN
records-save-as-xqf = Lưu dạng XQF
records-save-as-dhtml = Lưu dạng DhtmlXQ
records-open-from-device = Mở tệp trên thiết bị này…

## replay
replay-first = Nước đầu
replay-previous = Nước trước
replay-next = Nước sau
replay-last = Nước cuối
replay-continue-here = Chơi tiếp từ đây
replay-title = Xem lại

## view
view-reset = Đặt lại góc nhìn
view-flat-toggle = 2D / 3D

## move
move-list-title = Nước đi
move-list-variation = Biến
move-list-main-line = Chính

## puzzle
puzzle-retry = Thử lại
puzzle-next = Thế tiếp theo
puzzle-list = Danh sách cờ thế
puzzle-goal-mate = chiếu hết trong { $moves } nước
puzzle-goal-material = ăn quân
puzzle-tier-beginner = Nhập môn
puzzle-tier-intermediate = Trung cấp
puzzle-tier-advanced = Cao cấp
puzzle-tier-master = Đại sư
puzzle-tier-rule-beginner = Chiếu hết trong 1 hoặc 2 nước
puzzle-tier-rule-intermediate = Chiếu hết trong 3 nước, ăn quân
puzzle-tier-rule-advanced = Chiếu hết trong 4 hoặc 5 nước
puzzle-tier-rule-master = Chiếu hết trong 6 hoặc 7 nước
puzzle-cell-red = Đỏ
puzzle-cell-black = Đen
puzzle-title = Thế #{ $id } · { $tier } · { $side } đi trước, { $goal }
puzzle-your-move = Đến lượt bạn
puzzle-thinking = Đang nghĩ…
puzzle-wrong = Chưa đúng, thử lại nhé
puzzle-solved = Đã giải: { $stars }/3 sao
puzzle-wrong-notice = Không phải nước này, thử lại nhé
puzzle-record-event = Cờ thế { $id }
puzzle-side-red = Đỏ
puzzle-side-black = Đen

## dialog
dialog-resume = Ván cờ lần trước chưa xong. Chơi tiếp không?
dialog-resume-yes = Chơi tiếp
dialog-resume-no = Ván mới
dialog-close = Đóng
dialog-leave-game = Ván cờ chưa xong. Rời ván?
dialog-leave-yes = Rời đi
dialog-leave-no = Ở lại
dialog-accept = Đồng ý
dialog-decline = Từ chối

## status
status-computer-thinking = máy đang nghĩ
status-to-move = Đến lượt { $side }
status-rules = Luật { $rules }
status-setting-up = Xếp cờ: kéo quân để xếp thế cờ
status-online = {" "}· trực tuyến

## browser
browser-up = Lên trên

## draw
draw-offer = Cầu hòa
draw-offered-question = Đối phương cầu hòa. Đồng ý không?
draw-computer-accepts = Máy đồng ý hòa
draw-computer-declines = Máy từ chối hòa
draw-not-now = Lúc này không thể cầu hòa

## analysis
analysis-title = Phân tích
analysis-off-in-play = Phân tích bị tắt khi đấu với máy (có thể bật trong cài đặt)

## review
review-title = Phân tích ván
review-cancel = Hủy
review-better = Tốt hơn
review-accuracy = Độ chính xác
review-mark-brilliant = Nước hay
review-mark-good = Nước tốt
review-mark-inaccuracy = Chưa chính xác
review-mark-mistake = Sai lầm
review-mark-blunder = Sai lầm lớn
review-nothing-to-review = Chỉ phân tích được ván đã kết thúc hoặc kỳ phổ đã mở

## clock
clock-untimed = Không giới hạn giờ
clock-menu = Đồng hồ
clock-own = Tự chọn:
clock-own-more-time = Tự chọn: thêm thời gian
clock-own-less-time = Tự chọn: bớt thời gian
clock-own-more-increment = Tự chọn: thêm giây cộng
clock-own-less-increment = Tự chọn: bớt giây cộng
clock-own-switch-kind = Tự chọn: cộng giây / mỗi nước
clock-per-move = { $seconds } giây mỗi nước
clock-fischer = { $control } (phút + giây)

## side
side-red = Đỏ
side-black = Đen

## level
level-idiot = Ngốc
level-rookie = Gà mờ
level-novice = Người mới
level-beginner = Nhập môn
level-amateur = Nghiệp dư
level-professional = Chuyên nghiệp
level-master = Đại sư

## handicap
handicap-left-horse = Mã trái
handicap-right-horse = Mã phải
handicap-two-horses = hai Mã
handicap-nine-pieces = chín quân
handicap-player-gives = Tôi chấp { $handicap }
handicap-computer-gives = Máy chấp { $handicap }

## rules
rules-menu = Luật: { $rules }
rules-asian = châu Á
rules-league = giải đấu máy tính

## outcome
outcome-red-wins = Đỏ thắng ({ $reason })
outcome-black-wins = Đen thắng ({ $reason })
outcome-draw = Hòa ({ $reason })
outcome-reason-checkmate = chiếu hết
outcome-reason-stalemate = hết nước đi
outcome-reason-perpetual-check = đối phương chiếu dai
outcome-reason-perpetual-chase = đối phương bắt dai
outcome-reason-check-and-chase = đối phương vừa chiếu vừa bắt dai
outcome-reason-resignation = đối phương xin thua
outcome-reason-timeout = đối phương hết giờ
outcome-reason-abandoned = đối phương rời ván
outcome-reason-repetition = lặp lại nước đi
outcome-reason-both-perpetual = cả hai bên cùng đánh dai
outcome-reason-no-capture-limit = 60 nước mỗi bên không ăn quân
outcome-reason-no-attacking-pieces = hai bên không còn quân tấn công
outcome-reason-agreement = hai bên thỏa thuận hòa
outcome-reason-timeout-no-material = hết giờ, nhưng bên kia không đủ quân chiếu hết
outcome-reason-abandoned-draw = một bên rời ván, xử hòa

## notice
notice-position-refused = Thế cờ không hợp lệ: { $error }
notice-illegal-move = Nước đi không hợp lệ: { $move }
notice-nested-too-deep = Biến chỉ lồng nhau tối đa { $levels } cấp
notice-game-over = Ván cờ đã kết thúc
notice-bad-settings = Không đọc được tệp cài đặt, dùng cài đặt mặc định: { $error }
notice-bad-record = Không mở được kỳ phổ: { $error }
notice-reading = Đang đọc { $name }…
notice-reading-pasted = Đang đọc…
notice-bad-paste = Không đọc được nội dung đã dán: { $error }
notice-partly-read = Đã mở kỳ phổ; { $skipped } chỗ không đọc được nên đã bỏ qua: { $first }
notice-write-failed = Không lưu được: { $error }
notice-saved = Đã lưu kỳ phổ: { $path }
notice-position-saved = Đã lưu thế cờ
notice-nothing-saved = Chưa có thế cờ nào được lưu
notice-engine-fallback = Engine ngoài bị lỗi, chuyển sang engine tích hợp: { $error }
notice-computer-unreachable-retry = Không tải được chương trình của máy từ máy chủ (mất mạng hoặc máy chủ ngừng), sẽ tự thử lại sau
notice-computer-unreachable = Không tải được chương trình của máy từ máy chủ (mất mạng hoặc máy chủ ngừng)
notice-computer-restarting = Chương trình của máy đã dừng, đang khởi động lại: { $why }
notice-computer-failed = Chương trình của máy đã dừng, không tính được nước này: { $why }
notice-nothing-to-undo = Không có nước nào để đi lại
notice-nothing-to-redo = Không có nước nào để làm lại

## piece
piece-red-king = Tướng Đỏ
piece-black-king = Tướng Đen
piece-red-advisor = Sĩ Đỏ
piece-black-advisor = Sĩ Đen
piece-red-elephant = Tượng Đỏ
piece-black-elephant = Tượng Đen
piece-red-horse = Mã Đỏ
piece-black-horse = Mã Đen
piece-red-rook = Xe Đỏ
piece-black-rook = Xe Đen
piece-red-cannon = Pháo Đỏ
piece-black-cannon = Pháo Đen
piece-red-pawn = Tốt Đỏ
piece-black-pawn = Tốt Đen

## setup
setup-error-missing-king = { $side } không có Tướng
setup-error-too-many-kings = { $side } có nhiều hơn một Tướng
setup-error-outside-palace = { $piece } ở { $square }: ra ngoài cung, hoặc không ở điểm nó có thể tới
setup-error-elephant-off-points = Tượng ở { $square } đứng ở điểm Tượng không bao giờ tới được
setup-error-pawn-behind-start = Tốt ở { $square } đứng lùi sau hàng xuất phát
setup-error-pawn-off-file = Tốt ở { $square } chưa qua sông nhưng không đứng trên cột nó có thể đi tới
setup-error-too-many-pieces = Có { $count } quân { $piece }, một bộ cờ chỉ có { $max }
setup-error-opponent-in-check = Bên không đến lượt đi đang bị chiếu (Tướng của bên đó có thể bị ăn)
setup-error-kings-facing = Lộ mặt tướng (hai Tướng cùng cột, ở giữa không có quân nào)

## language
language-name-chinese = 简体中文
language-name-english = English

## annotate
annotate-no-mark = Bỏ đánh dấu
annotate-comment = Ghi chú
annotate-delete-move = Xóa nước này
annotate-promote = Đặt làm biến chính

## comment
comment-box-title = Ghi chú (Enter để lưu, Esc để hủy)
comment-box-keep = Lưu
comment-box-cancel = Hủy

## editor
editor-title = Xếp thế cờ
editor-help = Kéo quân từ khay lên bàn, kéo ra ngoài để bỏ; hoặc bấm chọn quân rồi bấm vào điểm. Chuột phải hoặc Tab: đổi bên đi
editor-start-current = Hiện tại
editor-start-standard = Ban đầu
editor-start-empty = Xóa hết
editor-toggle-side = Đổi bên đi
editor-flip = Xoay bàn
editor-undo = Hoàn tác
editor-play-red = Cầm Đỏ
editor-play-black = Cầm Đen
editor-two-players = Hai người
editor-computers = Máy đấu máy
editor-analyse = Phân tích
editor-save = Lưu kỳ phổ
editor-cancel = Hủy
editor-red-to-move = Đỏ đi trước
editor-black-to-move = Đen đi trước
editor-holding = Đang cầm { $piece } (bấm vào điểm để đặt; Esc để trả lại)
editor-legal = Thế cờ hợp lệ: có thể bắt đầu

## watch
watch-menu = Xem máy đấu máy
watch-title = Đang xem
watch-seat-red = Đỏ: { $who }
watch-seat-black = Đen: { $who }
watch-resume = Tiếp tục
watch-pause = Tạm dừng

## clipboard
clipboard-copy-position = Sao chép thế cờ (FEN)
clipboard-copy-record = Sao chép kỳ phổ (PGN)
clipboard-paste = Dán thế cờ hoặc kỳ phổ
clipboard-copied-position = Đã sao chép thế cờ (FEN)
clipboard-copied-record = Đã sao chép kỳ phổ (PGN)
clipboard-failed = Không dùng được bộ nhớ tạm: { $error }

## pictures
pictures-export-diagram = Xuất ảnh thế cờ (PNG)
pictures-export-animation = Xuất ván cờ thành GIF

## hint
hint-thinking = Gợi ý…

## online
online-title = Chơi trực tuyến
online-placeholder-opponent = tên người chơi
online-placeholder-chat = Nói gì đó…
online-rules-asian = Luật châu Á
online-rules-league = Luật giải máy
online-login-intro = Nhập địa chỉ máy chủ (để trống: máy này), rồi đăng nhập, đăng ký, hoặc chơi với tư cách khách (khách chỉ chơi ván giao hữu).
online-field-server = Máy chủ
online-field-name = Tên
online-field-password = Mật khẩu
online-log-in = Đăng nhập
online-register = Đăng ký
online-guest = Chơi với tư cách khách
online-lan-intro = Cùng mạng nội bộ: mở máy chủ trên máy này và đưa địa chỉ hiện ra cho bạn của bạn; người đó nhập địa chỉ vào ô máy chủ và vào với tư cách khách.
online-host = Mở ván trong mạng này
online-hosting = Đang mở ván: bạn của bạn kết nối tới { $addresses }
online-stop-hosting = Dừng mở ván
online-speed-bullet = siêu chớp
online-speed-blitz = cờ chớp
online-speed-rapid = cờ nhanh
online-speed-classical = cờ chậm
online-lobby-title = Sảnh
online-guest-name = { $name } (khách)
online-lobby-counts = { $online } người trực tuyến · { $games } ván đang chơi · { $seeks } lời mời
online-back-to-board = Về bàn cờ
online-log-out = Đăng xuất
online-quick-pairing-casual = Ghép cặp nhanh (giao hữu)
online-quick-pairing-rated = Ghép cặp nhanh (tính điểm)
online-pool-waiting = { $count } người chờ
online-own-seek = Tạo lời mời
online-play-friend = Chơi với bạn bè
online-challenge = Thách đấu ({ $time })
online-challenge-help = Nhập tên bạn bè: lời thách đấu dùng các điều kiện ở trên.
online-rated = tính điểm
online-casual = giao hữu
online-color-random = bên ngẫu nhiên
online-color-red = cầm Đỏ
online-color-black = cầm Đen
online-range-any = mọi đối thủ
online-range = điểm ±{ $range }
online-open-seek = Gửi lời mời
online-challenge-line = { $from } thách đấu { $to } · { $time }
online-accept = Nhận
online-decline = Từ chối
online-open-seeks = Lời mời đang chờ ({ $count })
online-sort-time = theo giờ
online-sort-rating = theo điểm
online-sort-name = theo tên
online-no-seeks = (chưa có: chọn ghép cặp nhanh bên trái và chờ đối thủ)
online-cancel = Hủy
online-register-to-accept = Đăng ký để nhận
online-accept-seek = Nhận đấu
online-outside-range = Ngoài khoảng điểm
online-more-seeks = còn { $more } lời mời nữa
online-games-in-play = Ván đang diễn ra ({ $count })
online-none = (chưa có)
online-game-line = { $red } – { $black } · { $time } · nước { $plies }
online-watch = Xem
online-lobby-chat = Trò chuyện ở sảnh
online-chat-line = { $from }: { $text }
online-aborted = ván cờ bị hủy
online-player-gone = (mất kết nối)
online-side-red = Đỏ
online-side-black = Đen
online-claim-countdown = Đối thủ đã mất kết nối: sau { $seconds } giây bạn có thể xin xử thắng
online-rating-change = {" "}· điểm { $before } → { $after } ({ $delta })
online-reconnecting = Đang kết nối lại…
online-watching = Đang xem
online-back-to-lobby = Về sảnh
online-offer-draw-received = Đối thủ cầu hòa
online-offer-takeback-received = Đối thủ xin đi lại
online-offer-rematch-received = Đối thủ mời chơi thêm ván nữa
online-offer-accept = Đồng ý
online-offer-decline = Từ chối
online-rematch = Ván nữa
online-abort = Hủy ván
online-offer-draw = Cầu hòa
online-offer-takeback = Xin đi lại
online-resign = Xin thua
online-claim-win = Xử thắng
online-claim-draw = Xử hòa
online-resign-confirm = Xin thua ván này?
online-play-on = Chơi tiếp
online-chat = Trò chuyện
online-unmute = Hiện chat đối thủ
online-mute = Ẩn chat đối thủ
online-send = Gửi
online-link-failed-to-start = Không khởi động được kết nối mạng: { $error }
online-connecting = Đang kết nối tới { $address }…
online-cannot-host = Không mở được ván: { $error }
online-move-not-sent = Nước đi chưa được gửi: { $why }
online-reconnecting-attempt = Mất kết nối; đang kết nối lại… (lần { $attempt })
online-move-refused = Nước đi bị từ chối: { $reason }
online-not-sent-taken-back = { $not-sent }; nước đi đã được rút lại
online-game-aborted = Ván cờ đã bị hủy
online-starting-host = Đang mở máy chủ trên máy này…
online-host-not-in-browser = trang web không thể mở ván trong mạng nội bộ: hãy dùng bản cho máy tính
online-type-name = Hãy nhập tên
online-type-password = Hãy nhập mật khẩu
online-link-unknown-host = Không tìm thấy máy chủ { $address }: hãy kiểm tra lại địa chỉ
online-link-refused = Không có máy chủ nào trả lời tại { $address } (kết nối bị từ chối): hãy kiểm tra máy chủ đang chạy và cổng đúng
online-link-timed-out = Máy chủ { $address } không phản hồi: hãy kiểm tra mạng rồi thử lại
online-link-unreachable = Không kết nối được máy chủ { $address }: hãy kiểm tra địa chỉ và mạng
online-link-bad-address = { $address } không phải địa chỉ máy chủ (dạng máy:cổng, ví dụ 127.0.0.1:7878)
online-link-lost = Mất kết nối với máy chủ: đang kết nối lại…
online-link-gave-up = Mất kết nối và không kết nối lại được trong { $seconds } giây: hãy đăng nhập lại sau
online-link-internal = Trò chơi không khởi động được kết nối mạng: hãy khởi động lại trò chơi
online-error-protocol-version = Máy chủ dùng phiên bản giao thức khác: hãy cập nhật trò chơi hoặc dùng máy chủ khác
online-error-bad-message = Máy chủ không hiểu thông điệp của trò chơi: hãy cập nhật trò chơi
online-error-not-logged-in = Hãy đăng nhập trước
online-error-already-logged-in = Đã đăng nhập: hãy đăng xuất trước
online-error-bad-credentials = Sai tên hoặc mật khẩu: hãy kiểm tra rồi thử lại
online-error-name-taken = Tên này đã có người dùng: hãy chọn tên khác
online-error-name-invalid = Tên phải có từ 2 đến 20 ký tự (chữ cái, chữ số hoặc chữ Hán)
online-error-name-reserved = Không được dùng tên này: hãy chọn tên khác
online-error-password-invalid = Mật khẩu phải có từ 8 đến 128 ký tự
online-error-token-invalid = Phiên đăng nhập đã lưu đã hết hạn: hãy đăng nhập lại
online-error-banned = Tài khoản này đã bị khóa
online-error-rate-limited = Thao tác quá nhiều: hãy chờ một phút rồi thử lại
online-error-too-many-connections = Quá nhiều kết nối từ địa chỉ của bạn: hãy đóng các cửa sổ khác rồi thử lại
online-error-no-such-seek = Lời mời này đã được nhận hoặc đã bị rút lại
online-error-no-such-challenge = Lời thách đấu này không còn nữa
online-error-no-such-player = Người chơi này không trực tuyến
online-error-no-such-game = Ván cờ này không còn nữa
online-error-not-your-game = Đây không phải ván của bạn
online-error-not-your-turn = Chưa đến lượt bạn
online-error-illegal-move = Nước đi này phạm luật
online-error-wrong-ply = Nước đi bị lệch với ván cờ: bàn cờ đã cập nhật theo máy chủ
online-error-game-over = Ván cờ đã kết thúc
online-error-guest-not-allowed = Khách chỉ chơi được ván giao hữu: hãy đăng ký để chơi ván tính điểm
online-error-bad-seek = Điều kiện của lời mời không hợp lệ
online-error-cannot-accept = Không thể nhận lời mời này (của chính bạn, hoặc điểm của bạn ngoài khoảng cho phép)
online-error-no-offer = Không có đề nghị nào để trả lời
online-error-not-now = Lúc này không làm được việc đó
online-error-chat-invalid = Mỗi dòng chat có từ 1 đến 140 ký tự
online-error-internal = Máy chủ gặp lỗi: hãy thử lại sau
online-not-sent = Chưa gửi: mất kết nối
online-server-message = { $message }
online-result-reason = { $result } ({ $reason })
online-needs-network = Chơi trực tuyến cần mạng, mà thiết bị này đang không có mạng. Chơi với máy, giải thế cờ và kỳ phổ vẫn dùng được; hãy kết nối lại khi có mạng.

## storage
storage-downloaded-instead = kỳ phổ đã được chuyển cho trình duyệt để tải xuống
storage-no-storage = trình duyệt không cấp bộ nhớ cho trang này (cửa sổ ẩn danh, hoặc đã tắt lưu trữ)
storage-full = bộ nhớ của trình duyệt dành cho trang này đã đầy
storage-too-big-for-page = vượt quá dung lượng trang lưu được (2 MB)
storage-too-big-end = MB
storage-damaged = một mục trong bộ nhớ của trang đã bị hỏng
storage-refused = trình duyệt từ chối lưu
storage-too-big = vượt quá giới hạn
storage-no-such-file = không có tệp này
storage-joiner = ;{" "}

## window
window-title = Chuhan (Sở Hán)

## diagram
diagram-river-left = 楚 河
diagram-river-right = 漢 界
diagram-file-numbers = 九 八 七 六 五 四 三 二 一

## web
web-title = Chuhan (Sở Hán)
web-loading = Đang tải…
web-no-webgl2 = Trình duyệt này không có WebGL2, thứ mà bàn cờ 3D cần. Hãy mở trang bằng Chrome, Edge, Firefox hoặc Safari bản mới.
web-could-not-start = Trò chơi không khởi động được: { $error }

## The start screen
start-back-to-board = Về bàn cờ
start-against-computer = Chơi với máy
start-two-players = Hai người chơi
start-records = Kỳ phổ
start-settings = Cài đặt
start-open = Màn hình đầu
start-subtitle = Cờ tướng
