; The Windows installer of Chuhan (楚汉象棋), made by tools/package-windows.sh with NSIS:
;   makensis -DVERSION=0.1.0 -DSTAGE=<folder of the staged files> -DOUTFILE=<setup.exe> chuhan.nsi
; It installs for all users in Program Files (with administrator rights) or for the current user
; in %LOCALAPPDATA%\Programs (without), the player's choice on the first page (/AllUsers or
; /CurrentUser on the command line; /S installs silently, /D=FOLDER last picks the folder). It puts
; the game and the engine (in its own folder, for other GUIs) there, Start-menu entries, and an
; uninstaller listed in Apps & features that removes exactly what was installed and leaves the
; player's settings and records (%APPDATA%\Chuhan). Run again, it upgrades in place.
; Exit codes: 0 done, 1 cancelled, 2 aborted, 3 the folder cannot be written.

; A 64-bit installer (NSIS's amd64-unicode stubs): the game is 64-bit only, and a 64-bit setup
; sees the real Program Files and registry without redirection.
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "VERSION not defined"
!endif
!ifndef STAGE
  !error "STAGE not defined"
!endif
!ifndef OUTFILE
  !define OUTFILE "chuhan-${VERSION}-setup.exe"
!endif

!define APP "Chuhan"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Chuhan"
!define SETTINGS_KEY "Software\Chuhan"

; Per-machine with rights, per-user without: NSIS's MultiUser, asked on a page of its own.
!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "Chuhan"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_KEY "${SETTINGS_KEY}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_VALUENAME "InstallMode"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${SETTINGS_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallDir"
!include MultiUser.nsh
!include MUI2.nsh
!include LogicLib.nsh
!include FileFunc.nsh
!include x64.nsh

Name "$(ProductName) ${VERSION}"
OutFile "${OUTFILE}"
BrandingText "楚汉象棋 Chuhan ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "楚汉象棋 Chuhan"
VIAddVersionKey /LANG=0 "FileDescription" "楚汉象棋 Chuhan ${VERSION} setup"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT OR Apache-2.0"

!define MUI_ICON "${STAGE}\chuhan.ico"
!define MUI_UNICON "${STAGE}\chuhan.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\chuhan.exe"

!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_LICENSE "${STAGE}\doc\LICENSE-MIT.txt"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The setup speaks the language of Windows' interface among these (the first when none):
; the game's four languages.
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "TradChinese"
!insertmacro MUI_LANGUAGE "Vietnamese"

LangString ProductName ${LANG_SIMPCHINESE} "楚汉象棋 Chuhan"
LangString ProductName ${LANG_ENGLISH} "Chuhan Chinese Chess (楚汉象棋)"
LangString ProductName ${LANG_TRADCHINESE} "楚漢象棋 Chuhan"
LangString ProductName ${LANG_VIETNAMESE} "Cờ tướng Chuhan (楚汉象棋)"
LangString Needs64 ${LANG_SIMPCHINESE} "楚汉象棋需要 64 位 Windows。"
LangString Needs64 ${LANG_ENGLISH} "Chuhan needs 64-bit Windows."
LangString Needs64 ${LANG_TRADCHINESE} "楚漢象棋需要 64 位元 Windows。"
LangString Needs64 ${LANG_VIETNAMESE} "Chuhan cần Windows 64 bit."
LangString EngineFolder ${LANG_SIMPCHINESE} "象棋引擎文件夹"
LangString EngineFolder ${LANG_ENGLISH} "Engine folder"
LangString EngineFolder ${LANG_TRADCHINESE} "象棋引擎資料夾"
LangString EngineFolder ${LANG_VIETNAMESE} "Thư mục engine"

LangString CannotWrite ${LANG_SIMPCHINESE} "无法写入安装文件夹：$\r$\n$INSTDIR$\r$\n$\r$\n请选择另一个文件夹（例如“仅为我安装”），或以管理员身份运行安装程序。"
LangString CannotWrite ${LANG_ENGLISH} "The installation folder cannot be written:$\r$\n$INSTDIR$\r$\n$\r$\nChoose another folder (for example, install for yourself only), or run the setup as an administrator."
LangString CannotWrite ${LANG_TRADCHINESE} "無法寫入安裝資料夾：$\r$\n$INSTDIR$\r$\n$\r$\n請選擇另一個資料夾（例如「僅為我安裝」），或以系統管理員身分執行安裝程式。"
LangString CannotWrite ${LANG_VIETNAMESE} "Không thể ghi vào thư mục cài đặt:$\r$\n$INSTDIR$\r$\n$\r$\nHãy chọn thư mục khác (ví dụ: chỉ cài cho riêng bạn), hoặc chạy trình cài đặt với quyền quản trị."

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_OK|MB_ICONSTOP "$(Needs64)" /SD IDOK
    Abort
  ${EndIf}
  SetRegView 64
  ; /D=FOLDER sets $INSTDIR before this function; MultiUser's init would put its default over it.
  StrCpy $1 "$INSTDIR"
  !insertmacro MULTIUSER_INIT
  ${If} $1 != ""
    StrCpy $INSTDIR "$1"
  ${EndIf}
FunctionEnd

Function un.onInit
  SetRegView 64
  !insertmacro MULTIUSER_UNINIT
FunctionEnd

Section "Chuhan" SecMain
  SectionIn RO
  ; The folder must take files: a clear word (and exit code 3 when silent) rather than NSIS's
  ; retry box on the first file.
  ClearErrors
  CreateDirectory "$INSTDIR"
  FileOpen $0 "$INSTDIR\.chuhan-setup-check" w
  ${If} ${Errors}
    DetailPrint "$(CannotWrite)"
    MessageBox MB_OK|MB_ICONSTOP "$(CannotWrite)" /SD IDOK
    SetErrorLevel 3
    Quit
  ${EndIf}
  FileClose $0
  Delete "$INSTDIR\.chuhan-setup-check"

  SetOutPath "$INSTDIR"
  SetOverwrite on
  File "${STAGE}\chuhan.exe"
  File "${STAGE}\chuhan.ico"
  SetOutPath "$INSTDIR\engine"
  File "${STAGE}\engine\xiangqi-engine.exe"
  File "${STAGE}\engine\README.txt"
  SetOutPath "$INSTDIR\doc"
  File "${STAGE}\doc\*.*"
  SetOutPath "$INSTDIR"

  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateDirectory "$SMPROGRAMS\楚汉象棋 Chuhan"
  CreateShortcut "$SMPROGRAMS\楚汉象棋 Chuhan\楚汉象棋 Chuhan.lnk" "$INSTDIR\chuhan.exe" "" "$INSTDIR\chuhan.ico"
  CreateShortcut "$SMPROGRAMS\楚汉象棋 Chuhan\象棋引擎 Engine folder.lnk" "$INSTDIR\engine"

  WriteRegStr SHCTX "${SETTINGS_KEY}" "InstallMode" "$MultiUser.InstallMode"
  WriteRegStr SHCTX "${SETTINGS_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayName" "楚汉象棋 Chuhan"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\chuhan.exe,0"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "Publisher" "The Chuhan developers"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode /S'
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

; Removes what the installer put there, by name; the player's settings, records and autosave in
; %APPDATA%\Chuhan stay.
Section "Uninstall"
  Delete "$INSTDIR\chuhan.exe"
  Delete "$INSTDIR\chuhan.ico"
  Delete "$INSTDIR\engine\xiangqi-engine.exe"
  Delete "$INSTDIR\engine\README.txt"
  RMDir "$INSTDIR\engine"
  Delete "$INSTDIR\doc\LICENSE-MIT.txt"
  Delete "$INSTDIR\doc\LICENSE-APACHE.txt"
  Delete "$INSTDIR\doc\OFL.txt"
  Delete "$INSTDIR\doc\ASSETS.md"
  Delete "$INSTDIR\doc\README.md"
  RMDir "$INSTDIR\doc"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\楚汉象棋 Chuhan\楚汉象棋 Chuhan.lnk"
  Delete "$SMPROGRAMS\楚汉象棋 Chuhan\象棋引擎 Engine folder.lnk"
  RMDir "$SMPROGRAMS\楚汉象棋 Chuhan"
  DeleteRegKey SHCTX "${UNINSTALL_KEY}"
  DeleteRegKey SHCTX "${SETTINGS_KEY}"
SectionEnd
