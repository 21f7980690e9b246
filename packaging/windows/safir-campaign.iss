; Inno Setup script: a per-user installer of the bundle that packaging/build.py makes.
; On Windows, after `python packaging\build.py`:
;   iscc /DAppVersion=0.1.0 packaging\windows\safir-campaign.iss
; (build.py prints this command with the version filled in). Untested here: the project's
; machines run Linux; see docs/packaging.md.
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppId "ir.safir.campaign"
#define AppName "Safir Campaign"

[Setup]
AppId={#AppId}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=Safir Campaign
DefaultDirName={localappdata}\Programs\{#AppName}
DefaultGroupName={#AppName}
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=..\..\dist
OutputBaseFilename=safir-campaign-{#AppVersion}-setup
SetupIconFile=..\..\resources\icons\safir-campaign.ico
UninstallDisplayIcon={app}\safir-campaign-window.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesInstallIn64BitMode=x64compatible

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Files]
Source: "..\..\dist\safir-campaign\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\safir-campaign-window.exe"; AppUserModelID: "{#AppId}"
Name: "{group}\{#AppName} (sandbox demo)"; Filename: "{app}\safir-campaign-window.exe"; Parameters: "--demo"; AppUserModelID: "{#AppId}"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"
Name: "{userdesktop}\{#AppName}"; Filename: "{app}\safir-campaign-window.exe"; AppUserModelID: "{#AppId}"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "Create a desktop shortcut"; Flags: unchecked

[Run]
Filename: "{app}\safir-campaign-window.exe"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent
